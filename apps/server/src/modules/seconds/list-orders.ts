import type { SecondContract } from '@meridian/contract';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { SecondsDb } from './tables.ts';
import { openView, settledView } from './views.ts';

export interface ListQuery {
  current: number;
  size: number;
  symbol?: string | undefined;
  status?: 'open' | 'settled' | undefined;
}

/**
 * A user's contracts, only their own: the open ones from the engine (soonest expiry
 * first), then the settled ones from their table (newest first), paged across both.
 */
export function createOrderList(db: SecondsDb, engine: EngineFront) {
  const decimals = (coin: string) => engine.asset(coin)?.decimals ?? 0;
  const openOf = (user: string, symbol?: string) =>
    engine
      .secondContracts(user)
      .filter((c) => !symbol || c.market === symbol)
      .sort((a, b) => a.expiry - b.expiry || a.id - b.id)
      .map((c) => openView(c, decimals(c.asset), engine.indexTick(c.market)?.price));
  const settledQuery = (user: string, symbol?: string) => {
    let q = db.selectFrom('second_contracts').where('user_id', '=', user);
    if (symbol) q = q.where('symbol', '=', symbol);
    return q;
  };

  return {
    async list(user: string, query: ListQuery) {
      const open = query.status === 'settled' ? [] : openOf(user, query.symbol);
      const withSettled = query.status !== 'open';
      const counted = withSettled
        ? await settledQuery(user, query.symbol)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirst()
        : undefined;
      const offset = (query.current - 1) * query.size;
      const records: SecondContract[] = open.slice(offset, offset + query.size);
      const room = query.size - records.length;
      if (withSettled && room > 0) {
        const rows = await settledQuery(user, query.symbol)
          .selectAll()
          .orderBy('opened_at', 'desc')
          .orderBy('id', 'desc')
          .offset(Math.max(0, offset - open.length))
          .limit(room)
          .execute();
        records.push(...rows.map(settledView));
      }
      return {
        records,
        total: open.length + Number(counted?.n ?? 0),
        current: query.current,
        size: query.size,
      };
    },

    /** The contract a request with this Idempotency-Key opened, open or settled by now. */
    async byClientRef(user: string, key: string): Promise<SecondContract | undefined> {
      const open = engine.secondContracts(user).find((c) => c.clientRef === key);
      if (open) return openView(open, decimals(open.asset), engine.indexTick(open.market)?.price);
      const row = await db
        .selectFrom('second_contracts')
        .selectAll()
        .where('user_id', '=', user)
        .where('client_ref', '=', key)
        .executeTakeFirst();
      return row && settledView(row);
    },
  };
}

export type OrderList = ReturnType<typeof createOrderList>;
