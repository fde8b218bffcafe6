import type { ModuleContext } from '../../kernel/module.ts';
import type { ReviewsTable } from '../verification/index.ts';
import { registerBankCalls } from './bank-calls.ts';
import { createBankDetails } from './bank-details.ts';
import { createBankRecharges } from './bank-recharges.ts';
import { createRechargeReviews } from './bank-reviews.ts';
import type { BankDb, BankTables } from './bank-tables.ts';

/**
 * Bank-transfer recharges inside the deposits module: the receiving accounts, the review
 * kind `recharge` and its calls; the leader credits what a stopped process left approved.
 */
export async function startBankRecharges(ctx: ModuleContext): Promise<void> {
  const { app, clock, config } = ctx;
  const db: BankDb = ctx.db.withTables<BankTables & { reviews: ReviewsTable }>();
  const verification = ctx.use('verification');
  const catalogue = ctx.use('markets').catalogue;
  const banks = createBankDetails(db, clock, catalogue);
  if (config.demoMode && ctx.engine.leads) await banks.seedDemo();
  const recharges = createBankRecharges({
    db,
    clock,
    engine: ctx.engine,
    catalogue,
    banks,
    verification,
    log: (message, detail) => app.log.error(detail ?? {}, message),
    claim: ctx.intents.claim,
  });
  verification.reviews.registerKind(recharges.handler);
  registerBankCalls(app, config.head, {
    db,
    banks,
    recharges,
    reviews: createRechargeReviews(db, verification),
    verification,
    idempotency: ctx.idempotency,
    audit: ctx.audit,
  });
  ctx
    .use('operators')
    .registerQueue('recharge', () => verification.reviews.queue.pending('recharge'));
  await ctx.intents.resume('bank recharges', recharges.intents);
}
