import type { FastifyInstance } from 'fastify';
import {
  earnProductDetail,
  earnQuote,
  earnRedeem,
  earnSubscribe,
  financialList,
  financialOrderList,
  personalIncome,
  pledgeList,
  pledgeOrderList,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Orders } from './orders.ts';
import type { Products } from './products.ts';
import type { Closings } from './redeem.ts';
import type { Subscriptions } from './subscribe.ts';

/** The users' earn calls: thin adapters over the products, subscriptions, closings and orders. */
export function registerEarnCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    products: Products;
    subscriptions: Subscriptions;
    closings: Closings;
    orders: Orders;
    idempotency: Idempotency;
    clock: Clock;
  },
) {
  const { products, subscriptions, closings, orders, idempotency, clock } = deps;
  const user = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  registerCall(app, head, pledgeList, async () => products.list('pledge'));
  registerCall(app, head, financialList, async ({ body }) =>
    products.list('finance', body.section),
  );
  registerCall(app, head, earnProductDetail, async ({ body }) => products.detail(body.id));
  registerCall(app, head, earnQuote, async ({ body }, request) =>
    subscriptions.quote(user(request), body),
  );
  registerCall(app, head, earnSubscribe, async ({ body }, request) => {
    const owner = user(request);
    return idempotency.run(owner, idempotencyKey(request), 'earn.subscribe', () =>
      subscriptions.subscribe(owner, body),
    );
  });
  registerCall(app, head, earnRedeem, async ({ body }, request) => {
    const owner = user(request);
    return idempotency.run(owner, idempotencyKey(request), 'earn.redeem', () =>
      closings.redeem(owner, body.id),
    );
  });
  registerCall(app, head, pledgeOrderList, async ({ body }, request) =>
    orders.list(user(request), 'pledge', body),
  );
  registerCall(app, head, financialOrderList, async ({ body }, request) =>
    orders.list(user(request), 'finance', body),
  );
  registerCall(app, head, personalIncome, async (_input, request) =>
    orders.income(user(request), clock.now().getTime()),
  );
}
