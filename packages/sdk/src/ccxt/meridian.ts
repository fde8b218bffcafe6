import ccxt from 'ccxt';
import {
  coinWallet,
  currencyOrderCancel,
  currencyOrderGet,
  currencyOrderList,
  currencyOrderSubmit,
  getDepth,
  getKlines,
  getSpotGoods,
  myExchangeLog,
  recentTrades,
  spotMarkets,
  type SpotFill,
  type SpotMarketRules,
  type SpotOrder,
} from '@meridian/contract';
import { MeridianClient, MeridianError } from '../client.ts';

// ccxt's unified structures are loosely typed objects; this class fills them from the
// contract's typed answers, so the looseness stops at this boundary.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Dict = Record<string, any>;

const STATUS: Record<SpotOrder['status'], string> = {
  waiting: 'open',
  partial: 'open',
  filled: 'closed',
  cancelled: 'canceled',
};

const TIMEFRAMES = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1d',
  '1w': '1w',
  '1M': '1M',
} as const;

/**
 * Meridian as a ccxt exchange (ccxt's JS edition; see ccxt's manual on adding an
 * exchange class). `apiKey` + `secret` sign requests with HMAC-SHA256 as the README's
 * "Programmatic trading" describes; `urls.api.rest` is the platform's address:
 *
 *   const exchange = new meridian({ apiKey, secret, urls: { api: { rest: 'https://…' } } });
 *
 * Amounts travel as decimal strings end to end; ccxt turns them into its numbers.
 */
export class meridian extends ccxt.Exchange {
  override describe(): Dict {
    return this.deepExtend(super.describe(), {
      id: 'meridian',
      name: 'Meridian',
      countries: [],
      version: 'v1',
      rateLimit: 50,
      pro: false,
      precisionMode: ccxt.TICK_SIZE,
      has: {
        CORS: undefined,
        spot: true,
        margin: false,
        swap: false,
        future: false,
        option: false,
        cancelOrder: true,
        createOrder: true,
        fetchBalance: true,
        fetchClosedOrders: true,
        fetchMarkets: true,
        fetchMyTrades: true,
        fetchOHLCV: true,
        fetchOpenOrders: true,
        fetchOrder: true,
        fetchOrderBook: true,
        fetchTicker: true,
        fetchTickers: true,
        fetchTrades: true,
      },
      timeframes: TIMEFRAMES,
      urls: { api: { rest: 'http://127.0.0.1:8080' }, www: 'https://github.com/', doc: [] },
      requiredCredentials: { apiKey: true, secret: true },
    });
  }

  private meridianClient(): MeridianClient {
    const rest = (this.urls as Dict).api.rest as string;
    return new MeridianClient({
      baseUrl: rest.replace(/\/$/, ''),
      auth: this.apiKey && this.secret ? { apiKey: this.apiKey, secret: this.secret } : null,
    });
  }

  /** Runs a call, turning the platform's refusals into ccxt's error classes. */
  private async run<T>(work: (client: MeridianClient) => Promise<T>): Promise<T> {
    try {
      return await work(this.meridianClient());
    } catch (error) {
      if (!(error instanceof MeridianError)) throw error;
      const text = `${this.id} ${error.reason ?? error.code}: ${error.message}`;
      if (error.status === 401) throw new ccxt.AuthenticationError(text);
      if (error.status === 403) throw new ccxt.PermissionDenied(text);
      if (error.status === 429) throw new ccxt.RateLimitExceeded(text);
      if (error.reason === 'orderNotFound' || error.status === 404)
        throw new ccxt.OrderNotFound(text);
      if (error.reason === 'insufficientBalance') throw new ccxt.InsufficientFunds(text);
      if (error.reason === 'clientOrderIdTaken') throw new ccxt.DuplicateOrderId(text);
      if (error.status === 400 || error.status === 409) throw new ccxt.InvalidOrder(text);
      throw new ccxt.ExchangeError(text);
    }
  }

  override async fetchMarkets(_params: Dict = {}): Promise<any[]> {
    const rules = await this.run((c) => c.call(spotMarkets));
    return rules.map((m) => this.parseRules(m));
  }

  private parseRules(m: SpotMarketRules): any {
    return this.safeMarketStructure({
      id: m.symbol,
      symbol: `${m.base}/${m.quote}`,
      base: m.base,
      quote: m.quote,
      baseId: m.base.toLowerCase(),
      quoteId: m.quote.toLowerCase(),
      active: m.state === 'trading',
      type: 'spot',
      spot: true,
      margin: false,
      swap: false,
      future: false,
      option: false,
      contract: false,
      maker: this.parseNumber(m.makerFeeRate),
      taker: this.parseNumber(m.takerFeeRate),
      precision: { amount: this.parseNumber(m.lotSize), price: this.parseNumber(m.tickSize) },
      limits: {
        amount: { min: this.parseNumber(m.lotSize), max: undefined },
        price: { min: this.parseNumber(m.tickSize), max: undefined },
        cost: { min: this.parseNumber(m.minNotional), max: undefined },
        leverage: { min: undefined, max: undefined },
      },
      info: m,
    });
  }

  override async fetchTickers(symbols: string[] | undefined = undefined, _params: Dict = {}) {
    await this.loadMarkets();
    const rows = await this.run((c) => c.call(getSpotGoods));
    const tickers: Dict = {};
    for (const row of rows) {
      const market: any = this.safeMarket(row.id);
      const close = row.close;
      tickers[market.symbol] = this.safeTicker(
        {
          symbol: market.symbol,
          last: close,
          close,
          percentage: row.zdf,
          baseVolume: row.amount,
          info: row,
        },
        market,
      );
    }
    return this.filterByArrayTickers(tickers, 'symbol', symbols);
  }

  override async fetchTicker(symbol: string, params: Dict = {}) {
    const tickers = await this.fetchTickers([symbol], params);
    return tickers[symbol] as any;
  }

  override async fetchOrderBook(
    symbol: string,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    await this.loadMarkets();
    const market: any = this.market(symbol);
    const depth = await this.run((c) =>
      c.call(getDepth, { params: { symbol: market.id }, query: { limit: limit ?? 20 } }),
    );
    return this.parseOrderBook(depth as Dict, market.symbol, depth.time, 'bids', 'asks');
  }

  override async fetchTrades(
    symbol: string,
    _since: number | undefined = undefined,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    await this.loadMarkets();
    const market: any = this.market(symbol);
    const trades = await this.run((c) =>
      c.call(recentTrades, {
        params: { a: market.baseId, b: market.quoteId },
        query: { limit: Math.min(limit ?? 50, 100) },
      }),
    );
    return trades.map((t) =>
      this.safeTrade(
        {
          id: t.id,
          timestamp: t.time,
          datetime: this.iso8601(t.time),
          symbol: market.symbol,
          side: t.direction,
          price: t.price,
          amount: t.amount,
          info: t,
        },
        market as any,
      ),
    );
  }

  override async fetchOHLCV(
    symbol: string,
    timeframe = '1m',
    _since: number | undefined = undefined,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    await this.loadMarkets();
    const market: any = this.market(symbol);
    const interval = TIMEFRAMES[timeframe as keyof typeof TIMEFRAMES];
    if (!interval) throw new ccxt.BadRequest(`${this.id} has no ${timeframe} candles`);
    const candles = await this.run((c) =>
      c.call(getKlines, {
        params: { symbol: market.id },
        query: { interval, limit: limit ?? 300 },
      }),
    );
    return candles.map((k) => [
      k.time,
      this.parseNumber(k.open),
      this.parseNumber(k.high),
      this.parseNumber(k.low),
      this.parseNumber(k.close),
      this.parseNumber(k.volume),
    ]) as any;
  }

  override async fetchBalance(_params: Dict = {}) {
    await this.loadMarkets();
    // One wallet read per market gives every listed coin (each market names two).
    const result: Dict = { info: {} };
    for (const market of Object.values(this.markets ?? {}) as Dict[]) {
      const wallet = await this.run((c) =>
        c.call(coinWallet, { params: { a: market.baseId, b: market.quoteId } }),
      );
      for (const side of [wallet.base, wallet.quote]) {
        const code = side.coin.toUpperCase();
        result.info[code] = side;
        result[code] = { free: side.available, used: side.held };
      }
    }
    return this.safeBalance(result) as any;
  }

  override async createOrder(
    symbol: string,
    type: string,
    side: string,
    amount: number,
    price: number | undefined = undefined,
    params: Dict = {},
  ) {
    await this.loadMarkets();
    const market: any = this.market(symbol);
    if (type !== 'limit' && type !== 'market')
      throw new ccxt.InvalidOrder(`${this.id} createOrder() type must be limit or market`);
    const body: Dict = {
      symbol: market.id,
      side,
      type,
      quantity: this.amountToPrecision(symbol, amount),
      ...(type === 'limit' ? { price: this.priceToPrecision(symbol, price) } : {}),
      ...(params.timeInForce ? { timeInForce: params.timeInForce } : {}),
      ...(params.clientOrderId ? { clientOrderId: params.clientOrderId } : {}),
    };
    const order = await this.run((c) =>
      c.call(
        currencyOrderSubmit,
        { body: body as any },
        params.idempotencyKey ? { idempotencyKey: params.idempotencyKey } : undefined,
      ),
    );
    return this.parseMeridianOrder(order);
  }

  /** ccxt's convention: `params.clientOrderId` names the order instead of `id`. */
  override async cancelOrder(
    id: string,
    _symbol: string | undefined = undefined,
    params: Dict = {},
  ) {
    await this.loadMarkets();
    const query = lookup(id, params);
    const order = await this.run((c) => c.call(currencyOrderCancel, { query }));
    return this.parseMeridianOrder(order);
  }

  override async fetchOrder(
    id: string,
    _symbol: string | undefined = undefined,
    params: Dict = {},
  ) {
    await this.loadMarkets();
    const query = lookup(id, params);
    const order = await this.run((c) => c.call(currencyOrderGet, { query }));
    return this.parseMeridianOrder(order);
  }

  private async ordersWith(
    status: 'open' | 'history',
    symbol: string | undefined,
    limit: number | undefined,
  ) {
    await this.loadMarkets();
    const market: any = symbol ? this.market(symbol) : undefined;
    const page = await this.run((c) =>
      c.call(currencyOrderList, {
        body: {
          status,
          page: 1,
          size: Math.min(limit ?? 100, 100),
          ...(market ? { symbol: market.id } : {}),
        },
      }),
    );
    return page.list.map((o) => this.parseMeridianOrder(o));
  }

  override async fetchOpenOrders(
    symbol: string | undefined = undefined,
    _since: number | undefined = undefined,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    return this.ordersWith('open', symbol, limit);
  }

  override async fetchClosedOrders(
    symbol: string | undefined = undefined,
    _since: number | undefined = undefined,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    return this.ordersWith('history', symbol, limit);
  }

  override async fetchMyTrades(
    symbol: string | undefined = undefined,
    _since: number | undefined = undefined,
    limit: number | undefined = undefined,
    _params: Dict = {},
  ) {
    if (!symbol) throw new ccxt.ArgumentsRequired(`${this.id} fetchMyTrades() requires a symbol`);
    await this.loadMarkets();
    const market: any = this.market(symbol);
    const fills = await this.run((c) => c.call(myExchangeLog, { params: { a: market.id } }));
    return fills.slice(0, limit ?? fills.length).map((f) => this.parseFill(f, market));
  }

  private parseFill(f: SpotFill, market: any): any {
    return this.safeTrade(
      {
        id: f.id,
        order: f.orderId,
        timestamp: f.time,
        datetime: this.iso8601(f.time),
        symbol: market.symbol,
        side: f.side,
        takerOrMaker: f.role,
        price: f.price,
        amount: f.quantity,
        cost: f.value,
        fee: { cost: f.fee, currency: f.feeCoin.toUpperCase() },
        info: f,
      },
      market,
    );
  }

  private parseMeridianOrder(o: SpotOrder): any {
    const market: any = this.safeMarket(o.symbol);
    return this.safeOrder(
      {
        id: o.id,
        clientOrderId: o.clientOrderId ?? undefined,
        timestamp: o.time,
        datetime: this.iso8601(o.time),
        lastUpdateTimestamp: o.updatedAt,
        symbol: market.symbol,
        type: o.type,
        timeInForce: o.timeInForce,
        side: o.side,
        price: o.price ?? undefined,
        triggerPrice: o.triggerPrice ?? undefined,
        amount: o.quantity ?? undefined,
        filled: o.filledQuantity,
        cost: o.filledValue,
        average: o.averagePrice ?? undefined,
        status: STATUS[o.status],
        fee: { cost: o.fee, currency: o.feeCoin.toUpperCase() },
        trades: [],
        info: o,
      },
      market,
    );
  }
}

function lookup(id: string | undefined, params: Dict): { id: string } | { clientOrderId: string } {
  return typeof params.clientOrderId === 'string' && !id
    ? { clientOrderId: params.clientOrderId }
    : { id: id ?? '' };
}

export default meridian;
