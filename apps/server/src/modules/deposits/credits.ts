import { randomUUID } from 'node:crypto';
import { parseUnits } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import type { AddressBook } from './addresses.ts';
import type { DepositDb } from './tables.ts';
import { outputKey, type ChainWatcher } from './watcher.ts';

export interface CreditRules {
  /** The networks a coin arrives on (a coin seen on another network is not credited). */
  accepts(coin: string, network: string): boolean;
  confirmations(coin: string): number;
  /** The smallest amount credited, decimal text; null when there is none. */
  minimum(coin: string): string | null;
}

/** The engine's deposit reference: one credit per chain output, however often it is seen. */
export const creditRef = (network: string, txid: string, vout: number) =>
  `chain:${network}:${txid}:${vout}`;

const SCAN_BATCH = 1000;
const isBelow = (amount: string, minimum: string) =>
  parseUnits(amount, 36) < parseUnits(minimum, 36);

/**
 * Turns what the watcher sees into credits, one pass per call, every step restart-safe:
 * a seen output becomes a record once (its key); a record becomes final once, by a
 * conditional update that is the decision to credit; a final record is credited through
 * the engine under its reference, which the engine applies once, and only then marked
 * credited, so a crash between the two credits again into a refusal and not twice.
 */
export function createDepositCredits(deps: {
  db: DepositDb;
  clock: Clock;
  engine: EngineFront;
  watcher: ChainWatcher;
  addresses: AddressBook;
  rules: CreditRules;
  networks: readonly string[];
  log: (message: string, detail?: object) => void;
}) {
  const { db, clock, engine, watcher, addresses, rules } = deps;

  async function discover(network: string) {
    const saved = await db
      .selectFrom('deposit_scan_cursors')
      .select('cursor')
      .where('network', '=', network)
      .executeTakeFirst();
    let cursor = saved?.cursor ?? null;
    for (;;) {
      const page = await watcher.scan(network, cursor, SCAN_BATCH);
      // Nothing new and no step forward: caught up. (A watcher may step past blocks that
      // pay nobody here; that step is saved like any other.)
      if (page.outputs.length === 0 && page.cursor === cursor) return;
      const owners = await addresses.owners(
        network,
        page.outputs.map((o) => o.address),
      );
      const now = iso(clock.now());
      await db.transaction().execute(async (trx) => {
        const rows = page.outputs.flatMap((output) => {
          const userId = owners.get(output.address);
          if (!userId || !rules.accepts(output.coin, network)) return [];
          return [
            {
              id: randomUUID(),
              network,
              txid: output.txid,
              vout: output.vout,
              user_id: userId,
              coin: output.coin,
              address: output.address,
              amount: output.amount,
              confirmations: 0,
              required: rules.confirmations(output.coin),
              status: 'confirming' as const,
              seen_at: now,
              updated_at: now,
              credited_at: null,
            },
          ];
        });
        for (let i = 0; i < rows.length; i += 200) {
          await trx
            .insertInto('chain_deposits')
            .values(rows.slice(i, i + 200))
            .onConflict((oc) => oc.columns(['network', 'txid', 'vout']).doNothing())
            .execute();
        }
        const next = page.cursor ?? '';
        await trx
          .insertInto('deposit_scan_cursors')
          .values({ network, cursor: next })
          .onConflict((oc) => oc.column('network').doUpdateSet({ cursor: next }))
          .execute();
      });
      cursor = page.cursor;
    }
  }

  async function confirm(network: string) {
    const open = await db
      .selectFrom('chain_deposits')
      .select(['id', 'txid', 'vout', 'coin', 'amount', 'confirmations', 'required'])
      .where('network', '=', network)
      .where('status', '=', 'confirming')
      .execute();
    if (open.length === 0) return;
    const seen = await watcher.confirmations(
      network,
      open.map((row) => outputKey(row.txid, Number(row.vout))),
    );
    const now = iso(clock.now());
    await db.transaction().execute(async (trx) => {
      for (const row of open) {
        const count = seen.get(outputKey(row.txid, Number(row.vout)));
        const still = trx
          .updateTable('chain_deposits')
          .where('id', '=', row.id)
          .where('status', '=', 'confirming');
        if (count === null || count === undefined) {
          await still.set({ status: 'dropped', confirmations: 0, updated_at: now }).execute();
        } else if (count >= Number(row.required)) {
          const minimum = rules.minimum(row.coin);
          const status = minimum && isBelow(row.amount, minimum) ? 'belowMinimum' : 'crediting';
          await still.set({ status, confirmations: count, updated_at: now }).execute();
        } else if (count !== Number(row.confirmations)) {
          await still.set({ confirmations: count, updated_at: now }).execute();
        }
      }
    });
  }

  async function credit(network: string) {
    const due = await db
      .selectFrom('chain_deposits')
      .select(['id', 'txid', 'vout', 'user_id', 'coin', 'amount'])
      .where('network', '=', network)
      .where('status', '=', 'crediting')
      .execute();
    const acks = await Promise.all(
      due.map((row) =>
        engine.deposit(
          row.user_id,
          row.coin,
          row.amount,
          creditRef(network, row.txid, Number(row.vout)),
          'custody',
        ),
      ),
    );
    const credited: string[] = [];
    acks.forEach((ack, i) => {
      const row = due[i]!;
      const refused = ack.events.find(
        (e) => e.type === 'rejected' && e.reason !== 'duplicate_deposit',
      );
      // Left `crediting`: every pass tries again, and the log says why it cannot.
      if (refused)
        deps.log('deposits: the engine refused a final deposit', { id: row.id, refused });
      else credited.push(row.id);
    });
    const now = iso(clock.now());
    for (let i = 0; i < credited.length; i += 500) {
      await db
        .updateTable('chain_deposits')
        .set({ status: 'credited', credited_at: now, updated_at: now })
        .where('id', 'in', credited.slice(i, i + 500))
        .where('status', '=', 'crediting')
        .execute();
    }
  }

  let running: Promise<void> = Promise.resolve();
  /** One pass over every network; passes never overlap. */
  function pass(): Promise<void> {
    const next = running.then(async () => {
      // One network's failure (its watcher's API down) leaves the others going; the next
      // pass tries it again from where its records and cursor stand.
      for (const network of deps.networks) {
        try {
          await discover(network);
          await confirm(network);
          await credit(network);
        } catch (error) {
          deps.log(`deposits: the pass over ${network} failed`, { error: String(error) });
        }
      }
    });
    running = next.catch(() => undefined);
    return next;
  }

  return { pass };
}
