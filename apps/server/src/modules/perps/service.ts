import type { PerpOrderInput, PriceInfo } from '@meridian/contract';
import {
  Decimal,
  formatUnits,
  systemAccount,
  type EngineEvent,
  type PerpMarket,
  type PerpOp,
  type PerpsEngine,
  type Position,
} from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { refusalOf, throwIfRefused } from './rejections.ts';
import type { PerpsDb } from './tables.ts';
import {
  crossAccount,
  marketsIn,
  marketView,
  moneyOf,
  pricesOf,
  orderView,
  positionView,
  tickerView,
  type DayStats,
} from './views.ts';

const DAY = 86_400_000;

export interface PerpsServiceOptions {
  db: PerpsDb;
  engine: EngineFront;
  /** Resolves once the history tables hold every result seen so far. */
  flushed: () => Promise<void>;
  now: () => number;
}

type Page<T> = { records: T[]; total: number; current: number; size: number };

/**
 * The perpetual-contract service both call families share: orders and positions through
 * journalled engine steps, views from the engine's live state (positions, marks, books)
 * and from the history tables (orders, fills, funding).
 */
export function createPerpsService(options: PerpsServiceOptions) {
  const { db, engine, flushed } = options;
  const perps = (): PerpsEngine => engine.perps;

  const marketOf = (symbol: string): PerpMarket => {
    const market = perps().markets.get(symbol);
    if (!market) throw new AppError('validation', 'unknownMarket', { field: 'symbol' }, 'symbol');
    return market;
  };

  /** A price typed by the user, in ticks of the market; refused when off the tick. */
  const ticksOf = (market: PerpMarket, text: string, field: string): number => {
    const value = Decimal.parse(text);
    const decimals = market.spec.quote.decimals;
    if (!value || value.sign() <= 0)
      throw new AppError('validation', 'invalidNumber', { field }, field);
    if (value.decimalPlaces() > decimals) {
      throw new AppError('validation', 'tooManyDecimals', { field, decimals }, field);
    }
    const units = value.rescale(decimals, 'down').units;
    if (units % market.spec.tickSize !== 0n) {
      throw new AppError(
        'validation',
        'offTick',
        { field, tick: formatUnits(market.spec.tickSize, decimals) },
        field,
      );
    }
    const ticks = units / market.spec.tickSize;
    if (ticks > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new AppError('validation', 'amountTooLarge', { field }, field);
    }
    return Number(ticks);
  };

  /** An amount of the market's margin coin typed by the user. */
  const moneyUnits = (market: PerpMarket, text: string, field: string): bigint => {
    const value = Decimal.parse(text);
    const decimals = market.margin.decimals;
    if (!value || value.sign() <= 0)
      throw new AppError('validation', 'invalidNumber', { field }, field);
    if (value.decimalPlaces() > decimals) {
      throw new AppError('validation', 'tooManyDecimals', { field, decimals }, field);
    }
    return value.rescale(decimals, 'down').units;
  };

  const submit = async (op: PerpOp, values: Record<string, string> = {}) => {
    const ack = await engine.perp(op);
    throwIfRefused(ack.events, values);
    return ack;
  };

  const orderRow = (user: string, id: number) =>
    db
      .selectFrom('perp_orders')
      .selectAll()
      .where('user_id', '=', user)
      .where('id', '=', id)
      .executeTakeFirst();

  /** The order a step placed (the first accepted of the user), as written once flushed. */
  const placed = async (user: string, events: readonly EngineEvent[]) => {
    const accepted = events.find(
      (e): e is Extract<EngineEvent, { type: 'perp_accepted' }> =>
        e.type === 'perp_accepted' && e.order.user === user,
    );
    if (!accepted) throw new AppError('validation', 'invalidOrder');
    await flushed();
    const row = await orderRow(user, accepted.order.id);
    if (!row) throw new Error(`perpetual order ${accepted.order.id} was not written`);
    return orderView(perps(), row);
  };

  /** One of the user's positions by its id; another user's reads as none. */
  const ownPosition = (user: string, id: string): { market: PerpMarket; position: Position } => {
    for (const market of perps().markets.values()) {
      const position = market.positions.get(user);
      if (position && String(position.id) === id) return { market, position };
    }
    throw new AppError('notFound', 'perpNoPosition');
  };

  const page = async <T>(
    rows: { records: T[]; total: number },
    current: number,
    size: number,
  ): Promise<Page<T>> => ({ ...rows, current, size });

  const dayStats = async (market: PerpMarket): Promise<DayStats> => {
    const rows = await db
      .selectFrom('perp_trades')
      .select(['price', 'contracts'])
      .where('symbol', '=', market.spec.symbol)
      .where('time', '>=', options.now() - DAY)
      .orderBy('id', 'asc')
      .execute();
    const money = moneyOf(market);
    const priceText = pricesOf(market);
    let high: bigint | null = null;
    let low: bigint | null = null;
    let volume = 0;
    let turnover = 0n;
    const decimals = market.spec.quote.decimals;
    for (const r of rows) {
      const price = Decimal.parse(r.price)!.rescale(decimals, 'down').units;
      if (high === null || price > high) high = price;
      if (low === null || price < low) low = price;
      volume += Number(r.contracts);
      turnover += market.notional(Number(r.contracts), price);
    }
    return {
      first: rows[0]?.price ?? null,
      high: high === null ? null : priceText(high),
      low: low === null ? null : priceText(low),
      volume,
      turnover: money(turnover),
    };
  };

  /** The symbols of one contract type (every kind has at least one listed market). */
  const symbolsOf = (type: 'U' | 'B'): string[] => {
    const symbols = [...perps().markets.values()]
      .filter((m) => m.arithmetic.kind === kindOf(type))
      .map((m) => m.spec.symbol);
    // `in ()` is not SQL: a kind with no market matches nothing.
    return symbols.length > 0 ? symbols : [''];
  };

  const positions = (user: string, symbol?: string) => {
    const out = [];
    for (const market of perps().markets.values()) {
      if (symbol && market.spec.symbol !== symbol) continue;
      const p = market.positions.get(user);
      if (p) out.push(positionView(perps(), market, p));
    }
    return out;
  };

  return {
    /** Every perpetual market, or those of one contract type (U linear, B inverse). */
    markets: (type?: 'U' | 'B') =>
      [...perps().markets.values()]
        .filter((m) => !type || m.arithmetic.kind === kindOf(type))
        .map(marketView),

    async tickers(symbols: readonly string[], type?: 'U' | 'B') {
      const markets = [...perps().markets.values()].filter(
        (m) =>
          (symbols.length === 0 || symbols.includes(m.spec.symbol)) &&
          (!type || m.arithmetic.kind === kindOf(type)),
      );
      return Promise.all(markets.map(async (m) => tickerView(perps(), m, await dayStats(m))));
    },

    /** The quote lists' price rows of the perpetuals (their own trades, mark and index). */
    async priceInfos(symbols: readonly string[]) {
      const out = new Map<string, PriceInfo>();
      for (const symbol of symbols) {
        const market = perps().markets.get(symbol);
        if (!market) continue;
        const day = await dayStats(market);
        const t = tickerView(perps(), market, day);
        const close = t.lastPrice ?? t.markPrice ?? '0';
        const open = day.first ?? close;
        const change = Decimal.parse(close)!.minus(Decimal.parse(open)!);
        const percent = Decimal.parse(open)!.isZero()
          ? '0.00'
          : change
              .times(Decimal.parse('100')!)
              .dividedBy(Decimal.parse(open)!, 2, 'half-even')
              .toFixed(2, 'half-even');
        out.set(symbol, {
          symbol,
          close,
          open,
          openPrice: open,
          high: day.high ?? close,
          low: day.low ?? close,
          high24: day.high ?? close,
          low24: day.low ?? close,
          volume: day.turnover,
          volume24: day.turnover,
          change: change.toString(),
          priceChangePercent: percent,
          indexPrice: t.indexPrice,
          time: options.now(),
        });
      }
      return out;
    },

    async ticker(symbol: string) {
      const market = marketOf(symbol);
      return tickerView(perps(), market, await dayStats(market));
    },

    depth(symbol: string, limit: number) {
      const market = marketOf(symbol);
      const priceText = pricesOf(market);
      const side = (s: 'buy' | 'sell') =>
        market.book
          .depth(s, limit)
          .map((l): [string, number] => [priceText(market.priceOf(l.price)), l.lots]);
      return { bids: side('buy'), asks: side('sell') };
    },

    async trades(symbol: string, limit: number) {
      marketOf(symbol);
      await flushed();
      const rows = await db
        .selectFrom('perp_trades')
        .selectAll()
        .where('symbol', '=', symbol)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        price: r.price,
        contracts: Number(r.contracts),
        takerSide: r.taker_side,
        time: Number(r.time),
      }));
    },

    async placeOrder(user: string, input: PerpOrderInput, source: 'user' = 'user') {
      const market = marketOf(input.symbol);
      const limited = input.type === 'limit' || input.type === 'stop_limit';
      const stopped = input.type === 'stop_market' || input.type === 'stop_limit';
      if (limited !== (input.price !== undefined)) {
        throw new AppError('validation', 'invalidOrder', { field: 'price' }, 'price');
      }
      if (stopped !== (input.triggerPrice !== undefined)) {
        throw new AppError('validation', 'invalidOrder', { field: 'triggerPrice' }, 'triggerPrice');
      }
      const contracts = Number(input.contracts);
      const ack = await submit({
        op: 'place',
        user,
        symbol: market.spec.symbol,
        side: input.side,
        kind: input.type,
        tif: input.timeInForce ?? 'GTC',
        price: input.price !== undefined ? ticksOf(market, input.price, 'price') : 0,
        contracts,
        reduceOnly: input.reduceOnly ?? false,
        stop:
          input.triggerPrice !== undefined
            ? ticksOf(market, input.triggerPrice, 'triggerPrice')
            : 0,
        trigger: input.trigger ?? 'mark',
        source,
        ...(input.clientOrderId ? { clientOrderId: input.clientOrderId } : {}),
      });
      return placed(user, ack.events);
    },

    /**
     * A mass quote: the user's open orders in the market cancelled and these post-only
     * orders placed in one engine step; each answered on its own.
     */
    async massQuote(
      user: string,
      body: {
        symbol: string;
        orders: ReadonlyArray<{ side: 'buy' | 'sell'; price: string; contracts: string }>;
      },
    ) {
      const market = marketOf(body.symbol);
      const orders = body.orders.map((o) => ({
        side: o.side,
        price: ticksOf(market, o.price, 'price'),
        contracts: Number(o.contracts),
      }));
      const ack = await engine.perp({ op: 'quote', user, symbol: market.spec.symbol, orders });
      const cancelled: string[] = [];
      const answers: Array<{ id: number } | { reason: string; field: string | null }> = [];
      for (const e of ack.events) {
        if (e.type === 'perp_order_done' && e.status === 'cancelled' && e.reason === 'user') {
          cancelled.push(String(e.orderId));
        } else if (e.type === 'perp_accepted' && e.order.user === user) {
          answers.push({ id: e.order.id });
        } else if (e.type === 'rejected') {
          const refusal = refusalOf([e]);
          answers.push({
            reason: refusal?.messageId ?? 'invalidOrder',
            field: refusal?.field ?? null,
          });
        }
      }
      if (answers.length !== orders.length && ack.events.some((e) => e.type === 'rejected')) {
        throwIfRefused(ack.events);
      }
      await flushed();
      const ids = answers.flatMap((a) => ('id' in a ? [a.id] : []));
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('perp_orders')
              .selectAll()
              .where('user_id', '=', user)
              .where('id', 'in', ids)
              .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      return {
        cancelled,
        orders: answers.map((a) =>
          'id' in a ? { order: orderView(perps(), byId.get(a.id)!) } : a,
        ),
      };
    },

    async cancelOrder(user: string, id: string) {
      const row = await orderRow(user, Number(id));
      if (!row) throw new AppError('notFound', 'orderNotFound');
      if (row.status === 'filled' || row.status === 'cancelled') {
        throw new AppError('validation', 'orderNotOpen', { field: 'id' }, 'id');
      }
      await submit({ op: 'cancel', user, symbol: row.symbol, orderId: Number(id) });
      await flushed();
      return orderView(perps(), (await orderRow(user, Number(id)))!);
    },

    async listOrders(
      user: string,
      q: {
        symbol?: string | undefined;
        contractType?: 'U' | 'B' | undefined;
        status: 'open' | 'history' | 'all';
        current: number;
        size: number;
      },
    ) {
      await flushed();
      let base = db.selectFrom('perp_orders').where('user_id', '=', user);
      if (q.symbol) base = base.where('symbol', '=', q.symbol);
      else if (q.contractType) base = base.where('symbol', 'in', symbolsOf(q.contractType));
      if (q.status === 'open') base = base.where('status', 'in', ['waiting', 'partial']);
      if (q.status === 'history') base = base.where('status', 'in', ['filled', 'cancelled']);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute();
      return page(
        { records: rows.map((r) => orderView(perps(), r)), total: Number(total?.n ?? 0) },
        q.current,
        q.size,
      );
    },

    async listFills(user: string, q: ListQuery) {
      await flushed();
      let base = db.selectFrom('perp_fills').where('user_id', '=', user);
      if (q.symbol) base = base.where('symbol', '=', q.symbol);
      else if (q.contractType) base = base.where('symbol', 'in', symbolsOf(q.contractType));
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('trade_id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute();
      return page(
        {
          records: rows.map((r) => ({
            id: r.id,
            orderId: String(r.order_id),
            symbol: r.symbol,
            side: r.side,
            price: r.price,
            contracts: Number(r.contracts),
            liquidity: r.liquidity,
            fee: r.fee,
            realisedPnl: r.pnl,
            time: Number(r.time),
          })),
          total: Number(total?.n ?? 0),
        },
        q.current,
        q.size,
      );
    },

    async listFunding(user: string, q: ListQuery) {
      await flushed();
      let base = db.selectFrom('perp_funding_payments').where('user_id', '=', user);
      if (q.symbol) base = base.where('symbol', '=', q.symbol);
      else if (q.contractType) base = base.where('symbol', 'in', symbolsOf(q.contractType));
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('time', 'desc')
        .orderBy('symbol', 'asc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute();
      return page(
        {
          records: rows.map((r) => ({
            id: r.id,
            symbol: r.symbol,
            time: Number(r.time),
            rate: r.rate,
            markPrice: r.mark,
            contracts: Number(r.contracts),
            side: r.side,
            amount: r.amount,
          })),
          total: Number(total?.n ?? 0),
        },
        q.current,
        q.size,
      );
    },

    async fundingHistory(symbol: string, limit: number) {
      marketOf(symbol);
      await flushed();
      const rows = await db
        .selectFrom('perp_funding_rates')
        .selectAll()
        .where('symbol', '=', symbol)
        .orderBy('time', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ time: Number(r.time), rate: r.rate, markPrice: r.mark }));
    },

    positions,

    async closePosition(user: string, id: string) {
      const { market } = ownPosition(user, id);
      const ack = await submit({ op: 'close', user, symbol: market.spec.symbol });
      return placed(user, ack.events);
    },

    /** Every position (or those of `symbols`), of one kind when a contract type is named. */
    async closeAll(user: string, symbols: readonly string[], type?: 'U' | 'B') {
      const orders = [];
      for (const market of perps().markets.values()) {
        if (symbols.length > 0 && !symbols.includes(market.spec.symbol)) continue;
        if (type && kindOf(type) !== market.arithmetic.kind) continue;
        if (!market.positions.get(user)) continue;
        const ack = await submit({ op: 'close', user, symbol: market.spec.symbol });
        orders.push(await placed(user, ack.events));
      }
      return { orders };
    },

    async adjustMargin(
      user: string,
      id: string,
      money: string,
      flag: 'add' | 'remove' | '1' | '2',
    ) {
      const { market, position } = ownPosition(user, id);
      const amount = moneyUnits(market, money, 'money');
      const add = flag === 'add' || flag === '1';
      const max = moneyOf(market)(perps().removableMargin(market, position));
      await submit({ op: 'margin', user, symbol: market.spec.symbol, amount, add }, { max });
      return positionView(perps(), market, market.positions.get(user)!);
    },

    async setTriggers(
      user: string,
      body: {
        id: string;
        takeProfitPrice?: string | undefined;
        stopLossPrice?: string | undefined;
        trigger?: 'mark' | 'last' | undefined;
      },
    ) {
      const { market } = ownPosition(user, body.id);
      if (body.takeProfitPrice === undefined && body.stopLossPrice === undefined) {
        throw new AppError(
          'validation',
          'invalidOrder',
          { field: 'takeProfitPrice' },
          'takeProfitPrice',
        );
      }
      const trigger = body.trigger ?? 'mark';
      const at = (text: string, field: string) => market.priceOf(ticksOf(market, text, field));
      await submit({
        op: 'triggers',
        user,
        symbol: market.spec.symbol,
        ...(body.takeProfitPrice !== undefined
          ? { takeProfit: { price: at(body.takeProfitPrice, 'takeProfitPrice'), trigger } }
          : {}),
        ...(body.stopLossPrice !== undefined
          ? { stopLoss: { price: at(body.stopLossPrice, 'stopLossPrice'), trigger } }
          : {}),
      });
      return positionView(perps(), market, market.positions.get(user)!);
    },

    async clearTriggers(user: string, id: string, which: 'both' | 'takeProfit' | 'stopLoss') {
      const { market } = ownPosition(user, id);
      await submit({
        op: 'triggers',
        user,
        symbol: market.spec.symbol,
        ...(which !== 'stopLoss' ? { takeProfit: null } : {}),
        ...(which !== 'takeProfit' ? { stopLoss: null } : {}),
      });
      return positionView(perps(), market, market.positions.get(user)!);
    },

    triggers(user: string, symbol?: string) {
      return positions(user, symbol).map((p) => ({
        id: p.id,
        symbol: p.symbol,
        side: p.side,
        takeProfit: p.takeProfit,
        stopLoss: p.stopLoss,
      }));
    },

    settings(user: string) {
      return [...perps().markets.values()].map((m) => settingView(perps(), m, user));
    },

    async setLeverage(user: string, symbol: string, leverage: number) {
      const market = marketOf(symbol);
      await submit({ op: 'leverage', user, symbol, leverage });
      return settingView(perps(), market, user);
    },

    async setMode(user: string, symbol: string, mode: 'isolated' | 'cross') {
      const market = marketOf(symbol);
      await submit({ op: 'mode', user, symbol, mode });
      return settingView(perps(), market, user);
    },

    /** The user's contract account in one margin coin: USDT, or an inverse market's coin. */
    account(user: string, coin = 'USDT') {
      const p = perps();
      const markets = marketsIn(p, coin.toUpperCase());
      const first = markets[0];
      if (!first) throw new AppError('validation', 'unknownCoin', { field: 'coin' }, 'coin');
      const decimals = first.margin.decimals;
      const money = (units: bigint) => formatUnits(units, decimals);
      const h = p.holding(user, first);
      let orderMargin = 0n;
      let positionMargin = 0n;
      let pnl = 0n;
      let maintenance = 0n;
      for (const market of markets) {
        for (const o of market.live.values()) if (o.user === user) orderMargin += o.hold;
        const position = market.positions.get(user);
        if (!position) continue;
        const view = positionView(p, market, position);
        positionMargin += position.margin;
        pnl += Decimal.parse(view.unrealisedPnl)!.rescale(decimals, 'down').units;
        maintenance += Decimal.parse(view.maintenanceMargin)!.rescale(decimals, 'down').units;
      }
      const wallet = h.available.balance + h.held.balance;
      const cross = crossAccount(p, user, first.margin.code);
      return {
        coin: h.available.asset,
        walletBalance: money(wallet),
        available: money(h.available.balance - h.available.reserved),
        orderMargin: money(orderMargin),
        positionMargin: money(positionMargin),
        unrealisedPnl: money(pnl),
        equity: money(wallet + pnl),
        maintenanceMargin: money(maintenance),
        crossMarginRatio:
          cross.positions.length > 0 ? ratioText(cross.maintenance, cross.balance) : '0',
      };
    },

    /** A coin-margined market's tiers (in its coin) and the user's account in that coin. */
    inverseMaintenance(user: string, symbol: string) {
      const market = marketOf(symbol);
      if (market.arithmetic.kind !== 'inverse') {
        throw new AppError('validation', 'perpNotInverse', { field: 'symbol' }, 'symbol');
      }
      return {
        symbol,
        coin: market.margin.code,
        tiers: marketView(market).tiers,
        account: this.account(user, market.margin.code),
      };
    },

    insurance() {
      const coins = new Set([...perps().markets.values()].map((m) => m.margin));
      return [...coins].map((asset) => ({
        coin: asset.code,
        insuranceFund: formatUnits(
          engine.accountBalance(systemAccount('insurance_fund', asset.code)),
          asset.decimals,
        ),
        securityFund: formatUnits(
          engine.accountBalance(systemAccount('security_fund', asset.code)),
          asset.decimals,
        ),
      }));
    },
  };
}

interface ListQuery {
  symbol?: string | undefined;
  contractType?: 'U' | 'B' | undefined;
  current: number;
  size: number;
}

function kindOf(type: 'U' | 'B'): 'linear' | 'inverse' {
  return type === 'U' ? 'linear' : 'inverse';
}

function ratioText(maintenance: bigint, balance: bigint): string {
  if (balance <= 0n) return '1';
  return Decimal.fromUnits((maintenance * 100_000_000n + balance - 1n) / balance, 8).toString();
}

function settingView(perps: PerpsEngine, market: PerpMarket, user: string) {
  const setting = perps.setting(user, market.spec.symbol);
  return {
    symbol: market.spec.symbol,
    leverage: setting.leverage,
    marginMode: setting.mode,
    maxLeverage: market.tiers[0]!.maxLeverage,
  };
}

export type PerpsService = ReturnType<typeof createPerpsService>;
