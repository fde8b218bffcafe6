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
 * change) and the pool's funding (an engine adjustment, then its audit row). None of them
 * touches an open contract, a price or a settlement.
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
  registerCall(app, head, opsFundSecondsPool, async ({ body }, request) => {
    const after = await pool.fund(body.coin, body.amount, body.reference);
    await db.transaction().execute((trx) =>
      audit.record(trx, request, {
        action: 'seconds.pool.fund',
        targetType: 'second_pool',
        targetId: body.coin,
        after: { amount: body.amount, reference: body.reference, balance: after.balance },
      }),
    );
    return after;
  });
}
