import type { FastifyInstance } from 'fastify';
import { opsFundSwapPool, opsSetSwapTerms, opsSwap, type OpsSwap } from '@meridian/contract';
import type { Clock } from '../../kernel/clock.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { IndexPrices } from './index-prices.ts';
import type { Pools } from './pools.ts';
import type { SwapDb } from './tables.ts';
import type { Terms } from './terms.ts';

/**
 * The operators' swap calls (permission `swap.manage`): the terms and pools, publishing
 * new terms, and moving the operator's capital into or out of a pool. Each write records
 * its audit row in the transaction of its change.
 */
export function registerSwapOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    db: SwapDb;
    clock: Clock;
    terms: Terms;
    prices: IndexPrices;
    pools: Pools;
    audit: AuditLog;
  },
) {
  const { db, clock, terms, prices, pools, audit } = deps;

  const overview = async (): Promise<OpsSwap> => ({
    terms: await terms.published(prices.offered()),
    pools: pools.balances(),
  });

  registerCall(app, head, opsSwap, overview);

  registerCall(app, head, opsSetSwapTerms, async ({ body }, request) => {
    const before = await terms.read();
    await db.transaction().execute(async (trx) => {
      await terms.set(trx, body, {
        operatorId: operatorOf(request).operatorId,
        at: clock.now().getTime(),
      });
      await audit.record(trx, request, {
        action: 'swap.terms',
        targetType: 'swap_terms',
        targetId: 'default',
        before: { spreadBps: before.spreadBps, feeBps: before.feeBps },
        after: body,
      });
    });
    return overview();
  });

  registerCall(app, head, opsFundSwapPool, async ({ body }, request) => {
    await pools.move(operatorOf(request).operatorId, body, (trx, entry) =>
      audit.record(trx, request, entry),
    );
    return overview();
  });
}
