import type { FastifyInstance } from 'fastify';
import {
  opsFundMarginPool,
  opsMarginSettings,
  opsSetMarginPair,
  opsSetMarginPool,
} from '@meridian/contract';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { MarginOps } from './ops.ts';
import type { MarginDb } from './tables.ts';

/**
 * The operators' margin calls (permission margin.manage). Each change and its audit row
 * commit together: the row is written in a transaction that ends only once the engine
 * has taken the step, and a refused step rolls it back.
 */
export function registerMarginOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: MarginDb; ops: MarginOps; audit: AuditLog },
) {
  const { db, ops, audit } = deps;
  registerCall(app, head, opsMarginSettings, async () => ops.settings());
  registerCall(app, head, opsSetMarginPool, async ({ body }, request) =>
    db.transaction().execute(async (trx) => {
      const before = ops.settings().pools.find((p) => p.coin === body.coin.toUpperCase());
      await audit.record(trx, request, {
        action: before ? 'margin.pool.update' : 'margin.pool.open',
        targetType: 'margin_pool',
        targetId: body.coin.toUpperCase(),
        ...(before
          ? { before: { dailyRate: before.dailyRate, savingsShare: before.savingsShare } }
          : {}),
        after: { dailyRate: body.dailyRate, savingsShare: body.savingsShare },
      });
      return ops.setPool(body);
    }),
  );
  registerCall(app, head, opsSetMarginPair, async ({ body }, request) =>
    db.transaction().execute(async (trx) => {
      const before = ops.settings().pairs.find((p) => p.symbol === body.symbol);
      await audit.record(trx, request, {
        action: before ? 'margin.pair.update' : 'margin.pair.open',
        targetType: 'margin_pair',
        targetId: body.symbol,
        ...(before ? { before: { maxLeverage: before.maxLeverage } } : {}),
        after: { maxLeverage: body.maxLeverage },
      });
      return ops.setPair(body);
    }),
  );
  registerCall(app, head, opsFundMarginPool, async ({ body }, request) =>
    db.transaction().execute(async (trx) => {
      await audit.record(trx, request, {
        action: 'margin.pool.fund',
        targetType: 'margin_pool',
        targetId: body.coin.toUpperCase(),
        after: { amount: body.amount, reference: body.reference },
      });
      return ops.fund(body);
    }),
  );
}
