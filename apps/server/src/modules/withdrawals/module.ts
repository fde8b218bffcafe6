import { defineModule } from '../../kernel/module.ts';
import { registerWithdrawalCalls } from './calls.ts';
import * as m0035 from './migrations/0035_withdrawal_rules.ts';
import * as m0036 from './migrations/0036_withdrawals.ts';
import { registerWithdrawalOpsCalls } from './ops-calls.ts';
import { createRules } from './rules.ts';
import type { WithdrawalDb, WithdrawalTables } from './tables.ts';
import { createWithdrawals } from './withdrawals-service.ts';

/**
 * Withdrawals to on-chain addresses (seed sections 3, 5, 9; PRODUCT.md 2.6): published
 * rules per coin, network and verification level, submit with fund password and
 * authenticator, the hold in the engine's pending-withdrawals pool, the user's log and
 * cancel, and the operators' approve, reject and sent.
 */
export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  migrations: { '0035_withdrawal_rules': m0035, '0036_withdrawals': m0036 },
  async start(ctx) {
    const { app, clock, config } = ctx;
    const db: WithdrawalDb = ctx.db.withTables<WithdrawalTables>();
    const identity = ctx.use('identity');
    const verification = ctx.use('verification');
    const rules = createRules(db, () => ctx.engine.assets());
    const withdrawals = createWithdrawals({
      db,
      clock,
      engine: ctx.engine,
      rules,
      guard: identity.withdrawalGuard,
      levelOf: (userId) => verification.levelOf(userId),
      withdrawalsFrozen: (userId) => identity.withdrawalsFrozen(userId),
    });
    registerWithdrawalCalls(app, config.head, {
      withdrawals,
      rules,
      idempotency: ctx.idempotency,
      transport: ctx.transport,
    });
    registerWithdrawalOpsCalls(app, config.head, { withdrawals, audit: ctx.audit });
    // A process that stopped between a decision and its posting: finish those now.
    await withdrawals.recover();
  },
});
