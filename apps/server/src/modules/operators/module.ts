import { defineModule } from '../../kernel/module.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditActor } from '../../kernel/operators/audit.ts';
import { adjustmentReasons, createAdjustments } from './adjustments.ts';
import { registerOperatorCalls } from './calls.ts';
import * as m0012 from './migrations/0012_operators.ts';
import * as m0013 from './migrations/0013_balance_adjustments.ts';
import * as m0159 from './migrations/0159_balance_adjustments_claim.ts';
import { createOperatorAccounts, type Audit } from './operator-accounts.ts';
import { createReviewQueues } from './review-queues.ts';
import type { OperatorDb, OperatorTables } from './tables.ts';
import type { EngineTables } from '../../engine/tables.ts';

/** What the platform itself does in the operators' name (seeds, resumed approvals). */
export const PLATFORM_ACTOR: AuditActor = {
  operatorId: 'platform',
  email: 'platform',
  role: 'platform',
  ip: 'local',
  userAgent: 'meridian',
};

/**
 * The operator console's back end (PRODUCT.md 3, Operators): operator accounts and
 * sessions, roles and permissions as data, the audit log's reader, user search and
 * freezes, and balance corrections under dual control.
 */
export const operatorsModule = defineModule({
  name: 'operators',
  migrations: {
    '0012_operators': m0012,
    '0013_balance_adjustments': m0013,
    '0159_balance_adjustments_claim': m0159,
  },
  async start(ctx) {
    const db: OperatorDb = ctx.db.withTables<OperatorTables & EngineTables>();
    const accounts = createOperatorAccounts(db, ctx.clock, ctx.config.brand);
    ctx.operators.install(accounts.authority());
    const identity = ctx.use('identity');
    const adjustments = createAdjustments({
      db,
      clock: ctx.clock,
      engine: ctx.engine,
      userExists: (id) => identity.operatorViews.exists(id),
      claim: ctx.intents.claim,
    });
    const platformAudit: Audit = (executor, entry) =>
      ctx.audit.recordAs(executor, PLATFORM_ACTOR, entry);
    await ctx.intents.resume('balance adjustments', adjustments.intents(platformAudit));
    const queues = createReviewQueues();
    registerOperatorCalls(ctx.app, ctx.config.head, {
      db,
      audit: ctx.audit,
      accounts,
      adjustments,
      identity,
      engine: ctx.engine,
      queues,
    });
    ctx.provide('operators', {
      registerQueue: queues.register,
      adjustmentReasons: (refs) => adjustmentReasons(db, refs),
      async ensureOperator(email, role, password) {
        try {
          await accounts.create(email, role, platformAudit, password);
          return true;
        } catch (error) {
          if (error instanceof AppError && error.messageId === 'operatorExists') return false;
          throw error;
        }
      },
    });
  },
});
