import type { FastifyInstance } from 'fastify';
import {
  marginBorrowAll,
  marginBorrowFixed,
  marginBorrowOrders,
  marginCanBorrowAll,
  marginCanBorrowFixed,
  marginCanBorrowList,
  marginDepositRate,
  marginFixedLeverage,
  marginFunds,
  marginOrders,
  marginPairs,
  marginPreborrowAll,
  marginPreborrowFixed,
  marginPropertyAll,
  marginPropertyFixed,
  marginRepayAll,
  marginRepayFixed,
  marginTransfer,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { MarginOrders } from './orders.ts';
import type { MarginService } from './service.ts';

/**
 * The spot-margin calls (the seed's `coin/wallet/...` family): thin adapters over the
 * service, every one reading the caller's own accounts. Money-moving calls go through the
 * idempotency guard, one name per action.
 */
export function registerMarginCalls(
  app: FastifyInstance,
  head: string,
  deps: { margin: MarginService; orders: MarginOrders; idempotency: Idempotency },
) {
  const { margin, orders, idempotency } = deps;
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  const guarded = <T>(
    request: Parameters<typeof principalOf>[0],
    action: string,
    run: (user: string) => Promise<T>,
  ) => {
    const user = userOf(request);
    return idempotency.run(user, idempotencyKey(request), action, () => run(user));
  };
  const all = { account: 'all' } as const;
  const fixed = (symbol: string) => ({ account: 'fixed', symbol }) as const;

  registerCall(app, head, marginPropertyAll, async (_input, request) =>
    margin.account(userOf(request), all),
  );
  registerCall(app, head, marginPropertyFixed, async ({ params }, request) =>
    margin.account(userOf(request), fixed(params.symbol)),
  );
  registerCall(app, head, marginCanBorrowAll, async ({ body }, request) =>
    margin.canBorrow(userOf(request), all, body.coin),
  );
  registerCall(app, head, marginCanBorrowFixed, async ({ body }, request) =>
    margin.canBorrow(userOf(request), fixed(body.symbol), body.coin),
  );
  registerCall(app, head, marginPreborrowAll, async ({ body }, request) =>
    margin.preborrow(userOf(request), all, body.coin, body.amount),
  );
  registerCall(app, head, marginPreborrowFixed, async ({ body }, request) =>
    margin.preborrow(userOf(request), fixed(body.symbol), body.coin, body.amount),
  );
  registerCall(app, head, marginBorrowAll, async ({ body }, request) =>
    guarded(request, 'margin.borrow', (user) => margin.borrow(user, all, body.coin, body.amount)),
  );
  registerCall(app, head, marginBorrowFixed, async ({ body }, request) =>
    guarded(request, 'margin.borrow', (user) =>
      margin.borrow(user, fixed(body.symbol), body.coin, body.amount),
    ),
  );
  registerCall(app, head, marginRepayAll, async ({ body }, request) =>
    guarded(request, 'margin.repay', (user) => margin.repay(user, all, body.coin, body.amount)),
  );
  registerCall(app, head, marginRepayFixed, async ({ body }, request) =>
    guarded(request, 'margin.repay', (user) =>
      margin.repay(user, fixed(body.symbol), body.coin, body.amount),
    ),
  );
  registerCall(app, head, marginCanBorrowList, async (_input, request) =>
    margin.canBorrowList(userOf(request)),
  );
  registerCall(app, head, marginDepositRate, async () => margin.depositRates());
  registerCall(app, head, marginFunds, async () => margin.funds());
  registerCall(app, head, marginPairs, async () => margin.pairs());
  registerCall(app, head, marginFixedLeverage, async ({ body }, request) =>
    margin.setLeverage(userOf(request), body.symbol, body.leverage),
  );
  registerCall(app, head, marginTransfer, async ({ body }, request) =>
    guarded(request, 'margin.transfer', (user) => margin.transfer(user, body)),
  );
  registerCall(app, head, marginBorrowOrders, async ({ params }, request) =>
    // The seed names the cross account `qc` as well as `all`.
    margin.history(userOf(request), params.a === 'qc' ? 'all' : params.a, params.b, params.c),
  );
  registerCall(app, head, marginOrders, async ({ params }, request) =>
    orders.list(userOf(request), params.a, params.b, params.c),
  );
}
