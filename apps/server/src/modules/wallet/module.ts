import type { EngineTables } from '../../engine/tables.ts';
import { defineModule } from '../../kernel/module.ts';
import { createBalances } from './balances.ts';
import { createBills } from './bills.ts';
import { registerWalletCalls } from './calls.ts';
import * as m0025 from './migrations/0025_posting_references.ts';
import { createTransfers } from './transfers.ts';
import { createValuation } from './valuation.ts';

/**
 * Each user's wallets (spot, contract, finance): balances and their value in a display
 * currency, bills (every posting that moved one of their wallets) and transfers between
 * their own wallets, through the engine. Deposits and withdrawals are modules of their own.
 */
export const walletModule = defineModule({
  name: 'wallet',
  migrations: { '0025_posting_references': m0025 },
  start(ctx) {
    const db = ctx.db.withTables<EngineTables>();
    const operators = ctx.use('operators');
    registerWalletCalls(ctx.app, ctx.config.head, {
      balances: createBalances({
        engine: ctx.engine,
        valuation: createValuation(ctx.use('markets')),
      }),
      bills: createBills({
        db,
        engine: ctx.engine,
        adjustmentReasons: (refs) => operators.adjustmentReasons(refs),
      }),
      transfers: createTransfers({ db, engine: ctx.engine }),
      idempotency: ctx.idempotency,
    });
  },
});
