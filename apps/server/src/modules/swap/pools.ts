import type { Transaction } from 'kysely';
import { formatUnits, poolAccount, readAmount, SWAP_POOL, systemAccount } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Claim, IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditEntry } from '../../kernel/operators/audit.ts';
import { newId } from '../../kernel/secrets.ts';
import type { IndexPrices } from './index-prices.ts';
import type { SwapDb, SwapPoolMovesTable, SwapTables } from './tables.ts';

/** Writes the operator's audit row inside the transaction of the change. */
export type Audit = (trx: Transaction<SwapTables>, entry: AuditEntry) => Promise<void>;

/** Pools are funded from, and given back to, the operator's own capital. */
const CAPITAL = 'operator_capital';

/**
 * What a demo deployment puts in each swap pool at start, once ever (a fixed engine
 * reference per coin): enough for the demo's balances to swap both ways.
 */
const DEMO_POOLS: Record<string, string> = {
  USDT: '5000000',
  BTC: '50',
  ETH: '1000',
  BNB: '5000',
  SOL: '20000',
  XRP: '2000000',
  DOGE: '10000000',
  ADA: '5000000',
  TRX: '10000000',
  LTC: '20000',
  DOT: '500000',
  LINK: '200000',
};

export interface PoolMoveInput {
  coin: string;
  direction: 'in' | 'out';
  amount: string;
  reason: string;
}

/**
 * The swap pools (`p:swap:<coin>`, product pools that never go below zero): what pays a
 * swap into a coin and takes what a swap gives. Only the operator's capital moves into or
 * out of them, through the engine: the demo's funding at start, and an operator's audited
 * move, recorded first and then posted once under its own reference.
 */
export function createPools(deps: {
  db: SwapDb;
  clock: Clock;
  engine: Pick<EngineFront, 'adjust' | 'accountBalance' | 'asset'>;
  prices: IndexPrices;
  claim: () => Claim;
}) {
  const { db, clock, engine, prices, claim } = deps;

  const pool = (coin: string) => poolAccount(SWAP_POOL, coin);
  const capital = (coin: string) => systemAccount(CAPITAL, coin);

  function balanceText(coin: string): string {
    return formatUnits(engine.accountBalance(pool(coin)), engine.asset(coin)!.decimals);
  }

  async function post(row: SwapPoolMovesTable): Promise<void> {
    const [from, to] =
      row.direction === 'in'
        ? [capital(row.coin), pool(row.coin)]
        : [pool(row.coin), capital(row.coin)];
    const ack = await engine.adjust(from, to, row.coin, row.amount, `swap-pool:${row.id}`);
    const refused = ack.events.find((e) => e.type === 'rejected');
    const state =
      refused?.type === 'rejected' && refused.reason !== 'duplicate_reference'
        ? 'refused'
        : 'posted';
    await db
      .updateTable('swap_pool_moves')
      .set({ state })
      .where('id', '=', row.id)
      .where('state', '=', 'posting')
      .execute();
    if (state === 'refused') {
      throw new AppError(
        'validation',
        'swapPoolShort',
        { coin: row.coin, balance: balanceText(row.coin) },
        'amount',
      );
    }
  }

  return {
    /** Every offered coin's pool balance. */
    balances: () => prices.coins().map((coin) => ({ coin, balance: balanceText(coin) })),

    /** Demo mode: each pool funded once ever from operator capital (a fixed reference). */
    async fundDemo(): Promise<void> {
      for (const coin of prices.coins()) {
        const amount = DEMO_POOLS[coin];
        if (amount === undefined) continue;
        await engine.adjust(capital(coin), pool(coin), coin, amount, `swap-pool:demo:${coin}`);
      }
    },

    /** An operator's move of capital into or out of one pool, audited with the decision. */
    async move(operatorId: string, input: PoolMoveInput, audit: Audit): Promise<void> {
      const asset = engine.asset(input.coin);
      if (!asset || !prices.offers(input.coin)) {
        throw new AppError('validation', 'unknownCoin', {}, 'coin');
      }
      const read = readAmount(asset, input.amount);
      if (!read.ok) {
        const message = read.reason === 'too_large' ? 'amountTooLarge' : 'tooManyDecimals';
        throw new AppError('validation', message, { field: 'amount' }, 'amount');
      }
      if (read.units === 0n)
        throw new AppError('validation', 'zeroAmount', { field: 'amount' }, 'amount');
      if (input.direction === 'out' && engine.accountBalance(pool(input.coin)) < read.units) {
        throw new AppError(
          'validation',
          'swapPoolShort',
          { coin: input.coin, balance: balanceText(input.coin) },
          'amount',
        );
      }
      const row: SwapPoolMovesTable = {
        id: newId(),
        coin: input.coin,
        direction: input.direction,
        amount: formatUnits(read.units, asset.decimals),
        reason: input.reason,
        operator_id: operatorId,
        state: 'posting',
        created_at: clock.now().getTime(),
        ...claim(),
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('swap_pool_moves').values(row).execute();
        await audit(trx, {
          action: `swap.pool.${input.direction}`,
          targetType: 'swap_pool',
          targetId: input.coin,
          before: { balance: balanceText(input.coin) },
          after: { direction: input.direction, amount: row.amount },
          reason: input.reason,
        });
      });
      await post(row);
    },

    /** Moves decided and not yet posted. */
    intents: {
      pending: () =>
        db
          .selectFrom('swap_pool_moves')
          .selectAll()
          .where('state', '=', 'posting')
          .orderBy('created_at')
          .execute(),
      finish: post,
    } satisfies IntentRows<SwapPoolMovesTable>,
  };
}

export type Pools = ReturnType<typeof createPools>;
