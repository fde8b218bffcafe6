import type { FastifyInstance } from 'fastify';
import {
  createSecondContractOrder,
  indexTicksAround,
  periodList,
  secondsPool,
  selectOrderList,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { MarketRuntime } from '../markets/index.ts';
import type { OrderList } from './list-orders.ts';
import { openContract } from './open-contract.ts';
import type { Periods } from './periods.ts';
import type { Pool } from './pool.ts';
import type { EngineFront } from '../../engine/engine-front.ts';

/** Around a settlement: half a minute either side of its tick. */
const TICKS_SPAN_MS = 30_000;

/** The user's and the public second-contract calls. */
export function registerSecondsCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    engine: EngineFront;
    periods: Periods;
    orders: OrderList;
    pool: Pool;
    ticks: MarketRuntime['ticks'];
    idempotency: Idempotency;
  },
) {
  const { engine, periods, orders, pool, ticks, idempotency } = deps;
  registerCall(app, head, periodList, async ({ body }) => periods.offered(body.symbol));
  registerCall(app, head, createSecondContractOrder, async ({ body }, request) => {
    const user = principalOf(request).userId;
    const key = idempotencyKey(request);
    return idempotency.run(
      user,
      key,
      'seconds.open',
      () => openContract({ engine, periods }, user, body, key),
      { recover: () => orders.byClientRef(user, key!) },
    );
  });
  registerCall(app, head, selectOrderList, async ({ body }, request) =>
    orders.list(principalOf(request).userId, body),
  );
  registerCall(app, head, secondsPool, async () => pool.all());
  registerCall(app, head, indexTicksAround, async ({ query }) =>
    ticks.around(query.symbol, query.time, TICKS_SPAN_MS),
  );
}
