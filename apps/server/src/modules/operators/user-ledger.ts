import type { EngineFront } from '../../engine/engine-front.ts';
import type { OperatorDb } from './tables.ts';

/**
 * A user's postings and orders as the engine projected them, for the console. Read only:
 * nothing here changes what the engine decided. Each read waits for the projection of
 * what the engine has acknowledged, so an operator who has just approved an adjustment
 * sees its posting.
 */
export function createUserLedger(db: OperatorDb, engine: Pick<EngineFront, 'projected'>) {
  async function accountsOf(userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_balances')
      .select('account')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.account);
  }

  return {
    async postings(userId: string, current: number, size: number) {
      await engine.projected();
      const accounts = await accountsOf(userId);
      if (accounts.length === 0) return { records: [], total: 0, current, size };
      const mine = new Set(accounts);
      const base = db
        .selectFrom('ledger_postings')
        .where((eb) =>
          eb.or([eb('from_account', 'in', accounts), eb('to_account', 'in', accounts)]),
        );
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((p) => {
          const credit = mine.has(p.to_account);
          return {
            id: String(p.id),
            at: new Date(Number(p.created_at)).toISOString(),
            asset: p.asset,
            amount: credit ? p.amount : `-${p.amount}`,
            account: credit ? p.to_account : p.from_account,
            counterparty: credit ? p.from_account : p.to_account,
            reason: p.reason,
            reference: `${p.ref_kind}:${p.ref_id}`,
          };
        }),
        total: Number(count.n),
        current,
        size,
      };
    },

    async orders(userId: string, current: number, size: number) {
      await engine.projected();
      const base = db.selectFrom('trade_orders').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((o) => ({
          id: String(o.id),
          symbol: o.market,
          side: o.side,
          type: o.kind,
          price: o.price,
          amount: o.quantity ?? o.quote_amount ?? '0',
          filled: o.filled,
          status: o.status,
          createdAt: new Date(Number(o.created_at)).toISOString(),
        })),
        total: Number(count.n),
        current,
        size,
      };
    },
  };
}
