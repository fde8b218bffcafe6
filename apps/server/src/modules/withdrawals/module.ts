import { defineModule } from '../../kernel/module.ts';
import { registerWithdrawalCalls } from './calls.ts';
import * as m0035 from './migrations/0035_withdrawal_rules.ts';
import * as m0036 from './migrations/0036_withdrawals.ts';
import * as m0050 from './migrations/0050_bank_withdrawals_and_reviews.ts';
import * as m0158 from './migrations/0158_withdrawals_claim.ts';
import { registerWithdrawalOpsCalls } from './ops-calls.ts';
import { createRules } from './rules.ts';
import type { WithdrawalDb, WithdrawalTables } from './tables.ts';
import { createWithdrawalReviews, withdrawalReviewHandler } from './withdrawal-review.ts';
import { createWithdrawals } from './withdrawals-service.ts';

/**
 * Withdrawals to on-chain addresses and bound bank cards (seed sections 3, 5, 9;
 * PRODUCT.md 2.6): published rules per coin, network (or `BANK`) and verification level,
 * submit with fund password and authenticator, the hold in the engine's pending-withdrawals
 * pool, the user's log and cancel, the review queue's withdrawal kind, and the operators'
 * record of what was sent.
 */
export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  migrations: {
    '0035_withdrawal_rules': m0035,
    '0036_withdrawals': m0036,
    '0050_bank_withdrawals_and_reviews': m0050,
    '0158_withdrawals_claim': m0158,
  },
  async start(ctx) {
    const { app, clock, config } = ctx;
    const db: WithdrawalDb = ctx.db.withTables<WithdrawalTables>();
    const identity = ctx.use('identity');
    const verification = ctx.use('verification');
    const { queue } = verification.reviews;
    const rules = createRules(db, () => ctx.engine.assets());
    const levelOf = (userId: string) => verification.levelOf(userId);
    const bankCardOf = (userId: string) => verification.bankCardOf(userId);
    const withdrawals = createWithdrawals({
      db,
      clock,
      engine: ctx.engine,
      rules,
      guard: identity.withdrawalGuard,
      levelOf,
      withdrawalsFrozen: (userId) => identity.withdrawalsFrozen(userId),
      bankCardOf,
      openReview: (trx, item) => verification.reviews.open(trx, { kind: 'withdrawal', ...item }),
      claim: ctx.intents.claim,
    });
    verification.reviews.registerKind(withdrawalReviewHandler(withdrawals, app.log));
    registerWithdrawalCalls(app, config.head, {
      withdrawals,
      rules,
      idempotency: ctx.idempotency,
      transport: ctx.transport,
    });
    registerWithdrawalOpsCalls(app, config.head, {
      withdrawals,
      reviews: createWithdrawalReviews({ queue, withdrawals, rules, levelOf, bankCardOf }),
      queue,
      audit: ctx.audit,
      db,
      wholeBankCardOf: (userId) => verification.wholeBankCardOf(userId),
    });
    ctx.use('operators').registerQueue('withdrawal', () => queue.pending('withdrawal'));
    // Processes that stopped between a decision and its posting: the leader finishes those.
    await ctx.intents.resume('withdrawals', withdrawals.intents);
  },
});
