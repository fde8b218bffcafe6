import type { Transaction } from 'kysely';
import {
  wayOf,
  type BankCard,
  type WithdrawalReviewDetail,
  type WithdrawalReviewRow,
} from '@meridian/contract';
import type { ReviewKindHandler, ReviewListQuery, ReviewQueue } from '../verification/index.ts';
import type { Level, Rules } from './rules.ts';
import type { WithdrawalTables } from './tables.ts';
import type { WithdrawalService } from './withdrawals-service.ts';

/** How many of the user's other withdrawals a reviewer sees beside the one under review. */
const EARLIER = 20;

/**
 * The withdrawal kind of the operators' review queue. A decision moves the withdrawal in
 * the decision's own transaction (review → approved, or review → rejecting with the
 * user's reason), so the item and the withdrawal never disagree; a rejection's release
 * is posted after commit, and the module's start-up pass posts any a stop left behind.
 */
export function withdrawalReviewHandler(
  withdrawals: WithdrawalService,
  log: { error(details: object, message: string): void },
): ReviewKindHandler {
  // The queue's transaction is the one database's: the withdrawals table is in it too.
  const asWithdrawalTx = (tx: unknown) => tx as Transaction<WithdrawalTables>;
  return {
    kind: 'withdrawal',
    approve: (tx, review) =>
      withdrawals.decided(asWithdrawalTx(tx), review.subject_id, review.decided_by!, {
        state: 'approved',
      }),
    reject: (tx, review, reason) =>
      withdrawals.decided(asWithdrawalTx(tx), review.subject_id, review.decided_by!, {
        state: 'rejected',
        reason,
      }),
    async settle(review) {
      if (review.state !== 'rejected') return;
      try {
        await withdrawals.settleRejection(review.subject_id);
      } catch (error) {
        log.error({ err: error, withdrawal: review.subject_id }, 'withdrawal release failed');
      }
    },
  };
}

/** What operators read of the withdrawal queue: rows with the withdrawal, and details. */
export function createWithdrawalReviews(deps: {
  queue: ReviewQueue;
  withdrawals: WithdrawalService;
  rules: Rules;
  levelOf(userId: string): Promise<Level>;
  bankCardOf(userId: string): Promise<BankCard | null>;
}) {
  const { queue, withdrawals, rules } = deps;
  return {
    async list(query: ReviewListQuery) {
      const page = await queue.list('withdrawal', query);
      const rows = await withdrawals.rowsById(page.rows.map((item) => item.subject_id));
      const records: WithdrawalReviewRow[] = page.rows.map((item) => {
        const w = rows.get(item.subject_id);
        if (!w) throw new Error(`withdrawal review ${item.id} has no withdrawal`);
        return {
          ...queue.view(item),
          withdrawalId: w.id,
          way: wayOf(w.network),
          coin: w.coin,
          network: w.network,
          amount: w.amount,
          fee: w.fee,
        };
      });
      return { records, total: page.total, current: page.current, size: page.size };
    },

    async detail(id: string): Promise<WithdrawalReviewDetail> {
      const review = await queue.find('withdrawal', id);
      const row = await withdrawals.row(review.subject_id);
      const withdrawal = await withdrawals.opsView(row.id);
      const level = await deps.levelOf(row.user_id);
      const [rule, bankCard, dayTotal, earlier, history] = await Promise.all([
        rules.find(row.coin, row.network, level),
        withdrawal.way === 'bank' ? deps.bankCardOf(row.user_id) : Promise.resolve(null),
        withdrawals.dayTotal({ userId: row.user_id, coin: row.coin, day: row.day }),
        withdrawals.opsOfUser(row.user_id, EARLIER + 1),
        queue.ofUser('withdrawal', row.user_id),
      ]);
      return {
        review: queue.view(review),
        withdrawal,
        bankCard,
        level,
        rule: rule ?? null,
        dayTotal,
        earlier: earlier.filter((w) => w.id !== row.id).slice(0, EARLIER),
        history: history.filter((item) => item.id !== review.id).map(queue.view),
      };
    },
  };
}

export type WithdrawalReviews = ReturnType<typeof createWithdrawalReviews>;
