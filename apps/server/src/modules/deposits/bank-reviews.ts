import {
  paidToSchema,
  type RechargeReviewDetail,
  type RechargeReviewRow,
} from '@meridian/contract';
import type { ReviewQueue } from '../verification/index.ts';
import type { VerificationService } from '../verification/index.ts';
import { rechargeView } from './bank-recharges.ts';
import type { BankDb } from './bank-tables.ts';

type ListQuery = Parameters<ReviewQueue['list']>[1];

/** What operators read of the recharge queue: rows with the order, and details. */
export function createRechargeReviews(db: BankDb, verification: VerificationService) {
  const queue = verification.reviews.queue;

  const recharge = (id: string) =>
    db.selectFrom('bank_recharges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return {
    async list(query: ListQuery) {
      const page = await queue.list('recharge', query);
      const ids = page.rows.map((row) => row.subject_id);
      const orders = ids.length
        ? await db
            .selectFrom('bank_recharges')
            .select(['id', 'order_no', 'coin', 'amount'])
            .where('id', 'in', ids)
            .execute()
        : [];
      const byId = new Map(orders.map((order) => [order.id, order]));
      const records: RechargeReviewRow[] = page.rows.map((row) => {
        const order = byId.get(row.subject_id);
        if (!order) throw new Error(`recharge review ${row.id} has no recharge`);
        return {
          ...queue.view(row),
          orderNo: order.order_no,
          coin: order.coin,
          amount: order.amount,
        };
      });
      return { records, total: page.total, current: page.current, size: page.size };
    },

    async detail(id: string): Promise<RechargeReviewDetail> {
      const review = await queue.find('recharge', id);
      const row = await recharge(review.subject_id);
      const screenshot = await verification.uploads.ownUpload(row.user_id, row.file_id, 'payment');
      if (!screenshot) throw new Error(`recharge ${row.id} lost its screenshot`);
      const history = await queue.ofUser('recharge', review.user_id);
      const { url: _url, ...facts } = screenshot;
      return {
        review: queue.view(review),
        recharge: rechargeView(row),
        paidTo: paidToSchema.parse(JSON.parse(row.paid_to)),
        screenshot: facts,
        history: history.filter((item) => item.id !== review.id).map(queue.view),
      };
    },

    /** The file of a review's screenshot (the caller audits the view). */
    async screenshotOf(id: string): Promise<string> {
      const review = await queue.find('recharge', id);
      return (await recharge(review.subject_id)).file_id;
    },
  };
}

export type RechargeReviews = ReturnType<typeof createRechargeReviews>;
