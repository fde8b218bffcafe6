import type { FastifyInstance } from 'fastify';
import { opsFundSecondsPool, opsSaveSecondPeriod, opsSecondPeriods } from '@meridian/contract';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { SecondsDb } from './tables.ts';
import type { Periods } from './periods.ts';
import type { Pool } from './pool.ts';

/**
 * The operators' second-contract calls: periods (audited in the transaction of their
 * change) and the pool's funding (an engine adjustment inside its audit row's
 * transaction). None of them touches an open contract, a price or a settlement.
 */
export function registerSecondsOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: SecondsDb; periods: Periods; pool: Pool; audit: AuditLog; clock: Clock },
) {
  const { db, periods, pool, audit, clock } = deps;
  registerCall(app, head, opsSecondPeriods, async () => ({
    periods: await periods.all(),
    pools: pool.all(),
  }));
  registerCall(app, head, opsSaveSecondPeriod, async ({ body }, request) =>
    periods.save(body, clock.now().getTime(), (trx, before, after) =>
      audit.record(trx, request, {
        action: before ? 'seconds.period.update' : 'seconds.period.create',
        targetType: 'second_period',
        targetId: after.id,
        before,
        after,
      }),
    ),
  );
  // The audit row and the engine's adjustment commit together: the row is written in a
  // transaction that ends only once the engine has acknowledged the move, and a refused
  // move rolls it back; the engine applies each reference once whatever is retried.
  registerCall(app, head, opsFundSecondsPool, async ({ body }, request) =>
    db.transaction().execute(async (trx) => {
      await audit.record(trx, request, {
        action: 'seconds.pool.fund',
        targetType: 'second_pool',
        targetId: body.coin,
        after: { amount: body.amount, reference: body.reference },
      });
      return pool.fund(body.coin, body.amount, body.reference);
    }),
  );
}
