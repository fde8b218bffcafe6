import { opsCustody, opsDeposits } from '@meridian/contract';
import { iso } from '../../kernel/clock.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import { defineModule } from '../../kernel/module.ts';
import type { DepositTables } from '../deposits/index.ts';
import { listDeposits } from './deposits-list.ts';
import { custodyView } from './reconciliation.ts';

/**
 * The console's views of money coming in and what backs it (PRODUCT.md 3; issue 17):
 * every chain deposit across users, and custody reconciled per coin against what users
 * hold and wait to withdraw, read from the engine's ledger. Reads only.
 */
export const custodyModule = defineModule({
  name: 'custody',
  async start(ctx) {
    const { app, config, engine, clock } = ctx;
    const db = ctx.db.withTables<Pick<DepositTables, 'chain_deposits'>>();
    registerCall(app, config.head, opsDeposits, async ({ query }) => listDeposits(db, query));
    registerCall(app, config.head, opsCustody, async () => ({
      asOf: iso(clock.now()),
      coins: custodyView(engine.ledgerEntries(), (code) => engine.asset(code)),
    }));
  },
});
