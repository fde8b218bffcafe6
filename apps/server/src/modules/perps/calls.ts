import type { FastifyInstance } from 'fastify';
import {
  coinContractClose,
  coinContractCloseAll,
  coinContractDetail,
  coinContractEntrustLog,
  coinContractLeverage,
  coinContractMarginMode,
  coinContractOpen,
  coinFundingRate,
  coinGetContract,
  coinMaintenanceMargin,
  coinInverseMaintenanceMargin,
  commonMt5Amount,
  coinMarketInitData,
  coinMyPosition,
  contractAccount,
  contractDepth,
  contractFillList,
  contractFundingHistory,
  contractFundingList,
  contractInsurance,
  contractLossCancel,
  contractLossList,
  contractLossSet,
  contractOrderCancel,
  contractOrderList,
  contractOrderMassQuote,
  contractOrderSubmit,
  contractPositionAdjust,
  contractPositionClose,
  contractPositionList,
  contractSettings,
  contractTrades,
  type PerpOrderInput,
} from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import { mt5Balance } from './mt5-bridge.ts';
import type { PerpsService } from './service.ts';

const HIGH_RATE = { highRate: true } as const;
/** Orders per page of `entrustlogContract/{a}/{b}/{c}`, which has no size parameter. */
const LOG_PAGE_SIZE = 20;

/**
 * Both perpetual call families over one service (PRODUCT.md 3): an order placed through
 * one is seen and cancelled through the other. Money-moving calls go through the
 * idempotency guard under one name per action, whichever family carries them.
 */
export function registerPerpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { perps: PerpsService; idempotency: Idempotency },
) {
  const { perps, idempotency } = deps;
  const guarded = <T>(
    request: Parameters<typeof principalOf>[0],
    action: string,
    run: (user: string) => Promise<T>,
  ) => {
    const user = principalOf(request).userId;
    return idempotency.run(user, idempotencyKey(request), action, () => run(user));
  };

  registerCall(
    app,
    head,
    contractOrderSubmit,
    async ({ body }, request) =>
      guarded(request, 'perps.place', (user) => perps.placeOrder(user, body)),
    HIGH_RATE,
  );
  for (const call of [coinContractOpen, coinContractClose] as const) {
    const closing = call === coinContractClose;
    registerCall(
      app,
      head,
      call,
      async ({ params, body }, request) => {
        // 1 opens a long (buy), 2 a short (sell); 3 closes a long (sell), 4 a short (buy).
        const close = body.direction > 2;
        if (close !== closing) {
          throw directionError();
        }
        const input: PerpOrderInput = {
          symbol: params.t,
          side: body.direction === 1 || body.direction === 4 ? 'buy' : 'sell',
          type: body.type,
          contracts: body.amount,
          reduceOnly: close,
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.triggerPrice !== undefined ? { triggerPrice: body.triggerPrice } : {}),
          ...(body.trigger !== undefined ? { trigger: body.trigger } : {}),
          ...(body.timeInForce !== undefined ? { timeInForce: body.timeInForce } : {}),
          ...(body.clientOrderId !== undefined ? { clientOrderId: body.clientOrderId } : {}),
        };
        return guarded(request, 'perps.place', (user) => perps.placeOrder(user, input));
      },
      HIGH_RATE,
    );
  }
  registerCall(
    app,
    head,
    contractOrderMassQuote,
    async ({ body }, request) =>
      guarded(request, 'perps.massQuote', (user) => perps.massQuote(user, body)),
    HIGH_RATE,
  );
  registerCall(
    app,
    head,
    contractOrderCancel,
    async ({ query }, request) =>
      guarded(request, 'perps.cancel', (user) => perps.cancelOrder(user, query.id)),
    HIGH_RATE,
  );
  registerCall(app, head, contractOrderList, async ({ query }, request) =>
    perps.listOrders(principalOf(request).userId, query),
  );
  registerCall(app, head, coinContractEntrustLog, async ({ params }, request) =>
    perps.listOrders(principalOf(request).userId, {
      ...(params.a !== 'all' ? { symbol: params.a } : {}),
      status: params.b,
      current: params.c,
      size: LOG_PAGE_SIZE,
    }),
  );
  registerCall(app, head, contractFillList, async ({ query }, request) =>
    perps.listFills(principalOf(request).userId, query),
  );
  registerCall(app, head, contractFundingList, async ({ query }, request) =>
    perps.listFunding(principalOf(request).userId, query),
  );

  registerCall(app, head, contractPositionList, async ({ query }, request) =>
    perps.positions(principalOf(request).userId, query.symbol),
  );
  registerCall(app, head, coinMyPosition, async ({ params }, request) =>
    perps.positions(principalOf(request).userId, params.a === 'all' ? undefined : params.a),
  );
  registerCall(app, head, contractPositionClose, async ({ query }, request) =>
    guarded(request, 'perps.close', (user) => perps.closePosition(user, query.id)),
  );
  registerCall(app, head, coinContractCloseAll, async ({ body }, request) =>
    guarded(request, 'perps.closeAll', (user) =>
      perps.closeAll(user, body.oneKeySymbolNameList, body.contractType),
    ),
  );
  registerCall(app, head, contractPositionAdjust, async ({ query }, request) =>
    guarded(request, 'perps.margin', (user) =>
      perps.adjustMargin(user, query.id, query.money, query.flag),
    ),
  );
  registerCall(app, head, contractLossList, async ({ query }, request) =>
    perps.triggers(principalOf(request).userId, query.symbol),
  );
  registerCall(app, head, contractLossSet, async ({ body }, request) =>
    guarded(request, 'perps.triggers', (user) => perps.setTriggers(user, body)),
  );
  registerCall(app, head, contractLossCancel, async ({ query }, request) =>
    guarded(request, 'perps.clearTriggers', (user) =>
      perps.clearTriggers(user, query.id, query.which),
    ),
  );

  registerCall(app, head, contractSettings, async (_input, request) =>
    perps.settings(principalOf(request).userId),
  );
  registerCall(app, head, coinContractLeverage, async ({ body }, request) =>
    perps.setLeverage(principalOf(request).userId, body.symbol, body.leverage),
  );
  registerCall(app, head, coinContractMarginMode, async ({ body }, request) =>
    perps.setMode(principalOf(request).userId, body.symbol, body.marginMode),
  );
  registerCall(app, head, contractAccount, async ({ query }, request) =>
    perps.account(principalOf(request).userId, query.coin),
  );
  registerCall(app, head, coinMaintenanceMargin, async (_input, request) =>
    perps.account(principalOf(request).userId),
  );
  registerCall(app, head, coinInverseMaintenanceMargin, async ({ params }, request) =>
    perps.inverseMaintenance(principalOf(request).userId, params.a),
  );

  registerCall(app, head, coinGetContract, async () => perps.markets());
  registerCall(app, head, coinContractDetail, async ({ body }) =>
    perps.tickers(body.symbolNameList, body.type),
  );
  registerCall(app, head, coinMarketInitData, async ({ query }) => ({
    markets: perps.markets(query.type),
    tickers: await perps.tickers([], query.type),
  }));
  registerCall(app, head, coinFundingRate, async ({ query }) => perps.ticker(query.symbolName));
  registerCall(app, head, contractFundingHistory, async ({ query }) =>
    perps.fundingHistory(query.symbol, query.limit),
  );
  registerCall(app, head, contractDepth, async ({ query }) =>
    perps.depth(query.symbol, query.limit),
  );
  registerCall(app, head, contractTrades, async ({ query }) =>
    perps.trades(query.symbol, query.limit),
  );
  registerCall(app, head, contractInsurance, async () => perps.insurance());
  // No bridge ships with the platform: the call says so in the caller's language.
  const mt5 = mt5Balance(null);
  registerCall(app, head, commonMt5Amount, async ({ query }, request) =>
    mt5(principalOf(request).userId, query.coin),
  );
}

function directionError() {
  return new AppError('validation', 'invalidOrder', { field: 'direction' }, 'direction');
}
