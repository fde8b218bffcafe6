import { billReasonSchema, type Bill, type BillPage, type BillReason } from '@meridian/contract';
import { sql } from 'kysely';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { WalletDb } from './tables.ts';

export interface BillFilter {
  page: number;
  size: number;
  coin?: string | undefined;
  reason?: BillReason | undefined;
  wallet?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

/** Reasons that move a wallet's balance; holds and releases only move within one. */
const BILL_REASONS: readonly BillReason[] = billReasonSchema.options;

/** `u:<user>:<wallet>:<part>:<asset>`: the wallet code and the coin of a user account. */
const walletOfAccount = (key: string) => key.split(':')[2]!;
const assetOfAccount = (key: string) => key.slice(key.lastIndexOf(':') + 1);

/**
 * A user's bills: every projected ledger posting into or out of one of the user's
 * accounts (found through `ledger_balances.user_id`), one row per side that is theirs, so
 * a transfer between two of their wallets is two rows, one out, one in. Signed amounts,
 * newest first; an operator's adjustment carries the reason the operators gave.
 */
export function createBills(deps: {
  db: WalletDb;
  engine: EngineFront;
  adjustmentReasons: (refs: readonly string[]) => Promise<Map<string, string>>;
}) {
  const { db, engine } = deps;

  async function accountsOf(user: string, filter: BillFilter): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_balances')
      .select('account')
      .where('user_id', '=', user)
      .execute();
    return rows
      .map((r) => r.account)
      .filter(
        (key) =>
          (filter.wallet === undefined || walletOfAccount(key) === filter.wallet) &&
          (filter.coin === undefined || assetOfAccount(key) === filter.coin),
      );
  }

  return {
    async list(user: string, filter: BillFilter): Promise<BillPage> {
      const { page, size } = filter;
      // Everything acknowledged (a transfer just answered, say) is in the tables first.
      await engine.projected();
      const accounts = await accountsOf(user, {
        ...filter,
        coin: filter.coin?.trim().toUpperCase(),
      });
      if (accounts.length === 0) return { list: [], total: 0, page, size };

      const side = (dir: 'out' | 'in') => {
        const column = dir === 'out' ? 'from_account' : 'to_account';
        let q = db
          .selectFrom('ledger_postings')
          .select([
            'id',
            'created_at',
            'asset',
            'amount',
            'reason',
            'ref_kind',
            'ref_id',
            `${column} as account`,
            sql.lit(dir).as('side'),
          ])
          .where(column, 'in', accounts)
          .where('reason', 'in', filter.reason ? [filter.reason] : BILL_REASONS);
        if (filter.start !== undefined) q = q.where('created_at', '>=', filter.start);
        if (filter.end !== undefined) q = q.where('created_at', '<', filter.end);
        return q;
      };
      const bills = side('out').unionAll(side('in')).as('bills');
      const [rows, count] = await Promise.all([
        db
          .selectFrom(bills)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          // One posting's two rows (a transfer): what left first, then where it went.
          .orderBy('side', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom(bills)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const notes = await deps.adjustmentReasons(
        rows.filter((r) => r.ref_kind === 'adjustment').map((r) => r.ref_id),
      );
      const list: Bill[] = rows.map((r) => ({
        id: `${r.id}:${r.side}`,
        postingId: String(r.id),
        time: Number(r.created_at),
        coin: r.asset,
        wallet: walletOfAccount(r.account),
        reason: r.reason as BillReason,
        amount: r.side === 'out' ? `-${r.amount}` : r.amount,
        reference: `${r.ref_kind}:${r.ref_id}`,
        note: r.ref_kind === 'adjustment' ? (notes.get(r.ref_id) ?? null) : null,
      }));
      return { list, total: Number(count.n), page, size };
    },
  };
}

export type Bills = ReturnType<typeof createBills>;
