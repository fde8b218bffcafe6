import type { FastifyInstance } from 'fastify';
import {
  coinWallet,
  currencyOrderCancel,
  currencyOrderCancelAll,
  currencyOrderGet,
  currencyOrderList,
  currencyOrderMassQuote,
  currencyOrderSubmit,
  entrustCancel,
  entrustExchange,
  entrustLog,
  entrustLogCurrency,
  entrustTransactionDetails,
  myExchangeLog,
  orderList,
} from '@meridian/contract';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import type { SpotService } from './spot-service.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/** Orders per page of `entrustlog/{symbol}/{status}/{page}`, which has no size parameter. */
const LOG_PAGE_SIZE = 20;
/** Placing and cancelling orders: logged per request only when slow or failed. */
const HIGH_RATE = { highRate: true } as const;

/**
 * Both spot call families over one service: the older `/api/currency/order/...` calls and
 * the newer `/api/{head}/coin/entrust/...` ones. Placing and cancelling go through the
 * idempotency guard under one name per action, so a key used to place through one family
 * replays the same answer through the other.
 */
export function registerSpotCalls(
  app: FastifyInstance,
  head: string,
  deps: { spot: SpotService; idempotency: Idempotency },
) {
  const { spot, idempotency } = deps;

  registerCall(
    app,
    head,
    currencyOrderSubmit,
    async ({ body }, request) => {
      const user = principalOf(request).userId;
      const key = idempotencyKey(request);
      return idempotency.run(user, key, 'spot.place', () => spot.placeOrder(user, body, key), {
        recover: () => spot.placedWith(user, key!),
      });
    },
    HIGH_RATE,
  );
  registerCall(
    app,
    head,
    entrustExchange,
    async ({ params, body }, request) => {
      const user = principalOf(request).userId;
      const key = idempotencyKey(request);
      return idempotency.run(
        user,
        key,
        'spot.place',
        () => spot.placeOrder(user, { ...body, symbol: params.a }, key),
        { recover: () => spot.placedWith(user, key!) },
      );
    },
    HIGH_RATE,
  );

  registerCall(
    app,
    head,
    currencyOrderCancel,
    async ({ query }, request) => {
      const user = principalOf(request).userId;
      return idempotency.run(user, idempotencyKey(request), 'spot.cancel', () =>
        spot.cancelOrder(user, query),
      );
    },
    HIGH_RATE,
  );
  registerCall(
    app,
    head,
    entrustCancel,
    async ({ body }, request) => {
      const user = principalOf(request).userId;
      return idempotency.run(user, idempotencyKey(request), 'spot.cancel', () =>
        spot.cancelOrder(user, { id: body.id }),
      );
    },
    HIGH_RATE,
  );

  registerCall(
    app,
    head,
    currencyOrderCancelAll,
    async ({ body }, request) => {
      const user = principalOf(request).userId;
      return idempotency.run(user, idempotencyKey(request), 'spot.cancelAll', () =>
        spot.cancelAll(user, body.symbol),
      );
    },
    HIGH_RATE,
  );

  registerCall(
    app,
    head,
    currencyOrderMassQuote,
    async ({ body }, request) => {
      const user = principalOf(request).userId;
      return idempotency.run(user, idempotencyKey(request), 'spot.massQuote', () =>
        spot.massQuote(user, body),
      );
    },
    HIGH_RATE,
  );
  registerCall(app, head, currencyOrderGet, async ({ query }, request) =>
    spot.getOrder(principalOf(request).userId, query),
  );
  registerCall(app, head, currencyOrderList, async ({ body }, request) =>
    spot.listOrders(principalOf(request).userId, body),
  );
  registerCall(app, head, orderList, async ({ body }, request) =>
    spot.listOrders(principalOf(request).userId, body),
  );
  registerCall(app, head, entrustLogCurrency, async ({ body }, request) =>
    spot.listOrders(principalOf(request).userId, body),
  );
  registerCall(app, head, entrustLog, async ({ params }, request) =>
    spot.listOrders(principalOf(request).userId, {
      symbol: params.a,
      status: params.b,
      page: params.c,
      size: LOG_PAGE_SIZE,
    }),
  );

  registerCall(app, head, coinWallet, async ({ params }, request) =>
    spot.wallet(principalOf(request).userId, params.a, params.b),
  );
  registerCall(app, head, myExchangeLog, async ({ params }, request) =>
    spot.myFills(principalOf(request).userId, params.a),
  );
  registerCall(app, head, entrustTransactionDetails, async ({ params }, request) =>
    spot.orderFills(principalOf(request).userId, params.id),
  );
}
