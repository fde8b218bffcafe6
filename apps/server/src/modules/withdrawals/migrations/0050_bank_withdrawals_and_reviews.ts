import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Bank-card withdrawals and the review queue:
 * - the bank way's rules, under the network `BANK`, for USDT (the coin the platform pays
 *   out by bank): a review threshold of 0, so a person checks every one;
 * - an item in the operators' review queue for each withdrawal already under review, which
 *   before this waited on the withdrawals page instead;
 * - the console's deposits and custody pages' permissions, for deployments older than them
 *   (new ones have them from 0012's defaults).
 */
const BANK_RULES = [
  { level: 0, fee: '2', min_amount: '50', daily_limit: '2000', review_threshold: '0' },
  { level: 1, fee: '2', min_amount: '50', daily_limit: '20000', review_threshold: '0' },
  { level: 2, fee: '2', min_amount: '50', daily_limit: '200000', review_threshold: '0' },
];

const GRANTS = [
  { role: 'support', permission: 'deposits.read' },
  { role: 'compliance', permission: 'deposits.read' },
  { role: 'finance', permission: 'deposits.read' },
  { role: 'finance', permission: 'custody.read' },
  { role: 'admin', permission: 'deposits.read' },
  { role: 'admin', permission: 'custody.read' },
];

interface Tables {
  withdrawal_rules: Record<string, unknown>;
  withdrawals: { id: string; user_id: string; state: string; created_at: string };
  reviews: Record<string, unknown> & { kind: string; subject_id: string };
  operator_role_permissions: { role: string; permission: string };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db
    .insertInto('withdrawal_rules')
    .values(BANK_RULES.map((rule) => ({ coin: 'USDT', network: 'BANK', ...rule })))
    .onConflict((oc) => oc.columns(['coin', 'network', 'level']).doNothing())
    .execute();

  const waiting = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'created_at'])
    .where('state', '=', 'review')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews')
            .select('reviews.id')
            .where('reviews.kind', '=', 'withdrawal')
            .whereRef('reviews.subject_id', '=', 'withdrawals.id'),
        ),
      ),
    )
    .execute();
  for (const w of waiting) {
    await db
      .insertInto('reviews')
      .values({
        id: randomUUID(),
        kind: 'withdrawal',
        subject_id: w.id,
        user_id: w.user_id,
        state: 'pending',
        created_at: w.created_at,
        claimed_by: null,
        claimed_by_email: null,
        claim_expires_at: null,
        decided_by: null,
        decided_by_email: null,
        decided_at: null,
        reason: null,
      })
      .execute();
  }

  await db
    .insertInto('operator_role_permissions')
    .values(GRANTS)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db.deleteFrom('reviews').where('kind', '=', 'withdrawal').execute();
  await db.deleteFrom('withdrawal_rules').where('network', '=', 'BANK').execute();
}
