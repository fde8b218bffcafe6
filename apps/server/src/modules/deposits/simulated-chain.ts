import { createHash } from 'node:crypto';
import { iso, type Clock } from '../../kernel/clock.ts';
import { isUniqueViolation } from '../identity/index.ts';
import type { DepositDb } from './tables.ts';
import { outputKey, type ChainWatcher, type SeenOutput } from './watcher.ts';

/**
 * The default chain: deterministic, kept in the database. A send puts one output in the
 * mempool (its txid is the hash of the network and its sequence number, so a fresh
 * deployment replays the same txids); each block confirms the whole mempool; a
 * reorganisation removes the last blocks and what they confirmed. Blocks come on the
 * module's timer (DEPOSIT_BLOCK_MS) or, in tests, when asked.
 */
export function createSimulatedChain(db: DepositDb, clock: Clock, networks: readonly string[]) {
  async function tip(network: string): Promise<number> {
    const row = await db
      .selectFrom('sim_chain_tips')
      .select('height')
      .where('network', '=', network)
      .executeTakeFirst();
    return row ? Number(row.height) : 0;
  }

  /** Sends `amount` of `coin` to `address`; the output waits in the mempool for a block. */
  async function send(
    network: string,
    address: string,
    coin: string,
    amount: string,
  ): Promise<{ txid: string; vout: number }> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          const top = await trx
            .selectFrom('sim_chain_outputs')
            .select((eb) => eb.fn.max('seq').as('top'))
            .executeTakeFirst();
          const seq = top?.top === null || top?.top === undefined ? 1 : Number(top.top) + 1;
          const txid = createHash('sha256').update(`simulated:${network}:${seq}`).digest('hex');
          await trx
            .insertInto('sim_chain_outputs')
            .values({
              seq,
              network,
              txid,
              vout: 0,
              address,
              coin,
              amount,
              block_height: null,
              orphaned: 0,
              created_at: iso(clock.now()),
            })
            .execute();
          return { txid, vout: 0 };
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  /** One block on every network: the mempool is confirmed at the new height. */
  async function mine(): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const network of networks) {
        const row = await trx
          .selectFrom('sim_chain_tips')
          .select('height')
          .where('network', '=', network)
          .executeTakeFirst();
        const height = (row ? Number(row.height) : 0) + 1;
        if (row) {
          await trx
            .updateTable('sim_chain_tips')
            .set({ height })
            .where('network', '=', network)
            .execute();
        } else {
          await trx.insertInto('sim_chain_tips').values({ network, height }).execute();
        }
        await trx
          .updateTable('sim_chain_outputs')
          .set({ block_height: height })
          .where('network', '=', network)
          .where('block_height', 'is', null)
          .where('orphaned', '=', 0)
          .execute();
      }
    });
  }

  /**
   * A reorganisation: the last `depth` blocks of a network are replaced by empty ones,
   * and the transactions they held never happen (as a double spend would make them).
   */
  async function reorg(network: string, depth: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sim_chain_tips')
        .select('height')
        .where('network', '=', network)
        .executeTakeFirst();
      const height = row ? Number(row.height) : 0;
      await trx
        .updateTable('sim_chain_outputs')
        .set({ orphaned: 1 })
        .where('network', '=', network)
        .where('block_height', '>', height - depth)
        .execute();
    });
  }

  const watcher: ChainWatcher = {
    async scan(network, cursor, limit) {
      const after = cursor === null ? 0 : Number(cursor);
      const rows = await db
        .selectFrom('sim_chain_outputs')
        .select(['seq', 'txid', 'vout', 'address', 'coin', 'amount'])
        .where('network', '=', network)
        .where('seq', '>', after)
        .where('orphaned', '=', 0)
        .orderBy('seq')
        .limit(limit)
        .execute();
      const outputs: SeenOutput[] = rows.map(({ txid, vout, address, coin, amount }) => ({
        txid,
        vout: Number(vout),
        address,
        coin,
        amount,
      }));
      const last = rows.at(-1);
      return { outputs, cursor: last ? String(last.seq) : cursor };
    },
    async confirmations(network, outputs) {
      const height = await tip(network);
      const found = new Map<string, number | null>(outputs.map((key) => [key, null]));
      const txids = [...new Set(outputs.map((key) => key.split(':')[0]!))];
      for (let i = 0; i < txids.length; i += 500) {
        const rows = await db
          .selectFrom('sim_chain_outputs')
          .select(['txid', 'vout', 'block_height'])
          .where('network', '=', network)
          .where('orphaned', '=', 0)
          .where('txid', 'in', txids.slice(i, i + 500))
          .execute();
        for (const row of rows) {
          const key = outputKey(row.txid, Number(row.vout));
          if (!found.has(key)) continue;
          found.set(key, row.block_height === null ? 0 : height - Number(row.block_height) + 1);
        }
      }
      return found;
    },
  };

  return { send, mine, reorg, tip, watcher };
}

export type SimulatedChain = ReturnType<typeof createSimulatedChain>;
