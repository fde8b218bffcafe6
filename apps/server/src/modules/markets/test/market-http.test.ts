import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, routePath } from '@meridian/contract';
import { buildPlatform, type Platform } from '../../../app.ts';
import { QUOTES } from '../market-runtime.ts';
import { SIMULATED_FLOW_USER } from '../simulated-flow.ts';
import { genesisMarkets } from '../genesis.ts';

const LISTED_MARKETS = genesisMarkets();
import {
  auth,
  call,
  registerByEmail,
  rememberPlatform,
} from '../../../../test/accounts-helpers.ts';
import { testConfig } from '../../../../test/helpers.ts';
import { fixtureExchange } from './fixture-exchange.ts';

const api = (path: string) => routePath(path, 'core');
const DECIMAL = /^-?\d+(\.\d+)?$/;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const depthOf = async (app: Platform['app'], symbol: string) =>
  (await call(app, 'GET', api(`/api/{head}/coin/open/depth/${symbol}?limit=10`))).body.data as {
    bids: [string, string][];
    asks: [string, string][];
  };

describe('simulated market over HTTP', () => {
  let platform: Platform;
  let app: Platform['app'];

  beforeAll(async () => {
    platform = await buildPlatform(
      testConfig({ DEMO_MODE: 'true', MARKET_TICK_MS: '40', MARKET_HISTORY_DAYS: '1' }),
      { logger: false },
    );
    app = rememberPlatform(platform).app;
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports the simulated feed in health', async () => {
    const { body } = await call(app, 'GET', '/api/health');
    expect(body.data.components.market).toEqual({ status: 'up', detail: 'simulated' });
  });

  it('fast-forwards history on the first start, on the tick', async () => {
    const { body } = await call(
      app,
      'GET',
      api('/api/{head}/coin/open/kline/btcusdt?interval=1m&limit=1000'),
    );
    expect(body.data.length).toBe(1000);
    for (const c of body.data.slice(0, 50)) {
      expect(c.close).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(Number(c.high) >= Number(c.low)).toBe(true);
    }
    const hours = await call(app, 'GET', api('/api/{head}/coin/open/kline/ethusdt?interval=1h'));
    expect(hours.body.data.length).toBeGreaterThanOrEqual(24);
    const older = await call(
      app,
      'GET',
      api(`/api/{head}/coin/open/kline/btcusdt?interval=1m&limit=5&before=${body.data[0].time}`),
    );
    expect(older.body.data.at(-1).time).toBeLessThan(body.data[0].time);
    // The start did not wait for the write; the next flush stores the whole history.
    await platform.marketRuntime.data.flush();
    const stored = await platform.database.db
      .selectFrom('market_candles')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('symbol', '=', 'btcusdt')
      .where('interval', '=', '1m')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThanOrEqual(1440);
  });

  it('market makers keep a two-sided book within the configured spread around the index', async () => {
    for (const market of LISTED_MARKETS) {
      const depth = await until(
        () => depthOf(app, market.symbol),
        (d) => d.bids.length >= 5 && d.asks.length >= 5,
      );
      expect(depth.bids.length, market.symbol).toBeGreaterThanOrEqual(5);
      const bid = Number(depth.bids[0]![0]);
      const ask = Number(depth.asks[0]![0]);
      const cmp = await call(
        app,
        'GET',
        api(`/api/{head}/coin/open/getPriceComparison/${market.symbol}`),
      );
      const index = Number(cmp.body.data.indexPrice);
      expect(bid).toBeLessThan(ask);
      // The configured spread, rounded outwards to the tick; the index moves a little
      // between requotes.
      const spread = QUOTES.spreadBps / 10_000;
      const tick = Number(market.spec.tickSize) / 1e6;
      expect((ask - bid) / index).toBeGreaterThanOrEqual(spread * 0.9);
      expect(ask - bid).toBeLessThanOrEqual(index * spread * 1.1 + 2 * tick);
      expect(Math.abs((ask + bid) / 2 / index - 1)).toBeLessThan(0.003);
    }
  });

  it('the simulated flow trades against the book and makes the last price', async () => {
    const trades = await until(
      async () =>
        (await call(app, 'GET', api('/api/{head}/coin/open/transaction/btc/usdt?limit=10'))).body
          .data as Array<{ price: string; amount: string; direction: string }>,
      (t) => t.length > 0,
    );
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]!.price).toMatch(DECIMAL);
    // The projected fills show who traded: the simulated flow took the market maker's quote.
    const fills = await until(
      () =>
        platform.database.db
          .selectFrom('trade_fills')
          .select(['taker_user_id', 'maker_user_id'])
          .where('market', '=', 'btcusdt')
          .execute(),
      (rows) => rows.length > 0,
    );
    expect(fills[0]).toEqual({ taker_user_id: SIMULATED_FLOW_USER, maker_user_id: 'mm.btcusdt' });
    const ticker = platform.market.ticker('btcusdt')!;
    expect(ticker.close).toBe(platform.market.trades('btcusdt', 1)[0]!.price);
  });

  it('getPriceComparison puts the last price beside the index', async () => {
    const { status, body } = await call(
      app,
      'GET',
      api('/api/{head}/coin/open/getPriceComparison/ethusdt'),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ symbol: 'ethusdt', source: 'simulated' });
    expect(body.data.lastPrice).toMatch(DECIMAL);
    expect(body.data.indexPrice).toMatch(DECIMAL);
    expect(body.data.deviationPercent).toMatch(/^-?\d+\.\d{2}$/);
    expect(Math.abs(Number(body.data.deviationPercent))).toBeLessThan(5);
    const unknown = await call(app, 'GET', api('/api/{head}/coin/open/getPriceComparison/zzzusdt'));
    expect(unknown.status).toBe(404);
  });

  it('serves the coin lists with the seed fields', async () => {
    const { body } = await call(app, 'POST', '/api/common/getCoinList', {});
    const { coinList, currencyList, contractList } = body.data;
    expect(coinList).toHaveLength(11);
    expect(currencyList).toHaveLength(11);
    // The contract list: the markets with a perpetual (the perpetuals module installs them).
    expect(contractList.map((e: { symbol: string }) => e.symbol)).toEqual(
      ['btcusdt', 'ethusdt', 'bnbusdt', 'solusdt', 'xrpusdt', 'dogeusdt'].filter((s) =>
        LISTED_MARKETS.some((m) => m.symbol === s),
      ),
    );
    expect(currencyList[0]).toMatchObject({
      coin: 'btc',
      baseCoin: 'usdt',
      symbol: 'btcusdt',
      showSymbol: 'BTC/USDT',
      customizeFlag: 2,
      coinType: 3,
    });
    expect(coinList[0].coinType).toBe(1);
    for (const entry of [...coinList, ...currencyList, ...contractList]) {
      expect(entry.amount).toMatch(DECIMAL);
      expect(entry.open).toMatch(DECIMAL);
    }
  });

  it('serves market rows, tickers and details', async () => {
    const spot = await call(app, 'GET', api('/api/{head}/coin/open/getSpotGoods'));
    expect(spot.body.data).toHaveLength(11);
    expect(spot.body.data[0]).toMatchObject({
      id: 'btcusdt',
      symbol_name: 'BTC/USDT',
      base_symbol: 'USDT',
      plate: 'main,hot',
      part_cou: 2,
      full_cou: 4,
      collect: 0,
    });
    expect(spot.body.data[0].zdf).toMatch(/^-?\d+\.\d{2}$/);
    // The contract lists are the markets with a perpetual, with the perpetuals' figures.
    const perpetuals = ['btcusdt', 'ethusdt', 'bnbusdt', 'solusdt', 'xrpusdt', 'dogeusdt'];
    const contract = await call(app, 'GET', api('/api/{head}/coin/open/getContract'));
    const rows = contract.body.data as Array<{ id: string; close: string; zdf: string }>;
    expect(rows.map((r) => r.id).sort()).toEqual([...perpetuals].sort());
    for (const row of rows) {
      expect(row.close).toMatch(DECIMAL);
      expect(row.zdf).toMatch(/^-?\d+\.\d{2}$/);
    }
    const init = await call(app, 'GET', api('/api/{head}/coin/open/market/initData?type=contract'));
    expect(init.body.data.rows).toHaveLength(perpetuals.length);
    expect(init.body.data.tickers).toHaveLength(perpetuals.length);
    const url = api('/api/{head}/coin/open/get/contractDetail');
    const names = ['btcusdt', 'ETH/USDT', 'nope'];
    const contracts = await call(app, 'POST', url, { symbolNameList: names, type: 'contract' });
    expect(contracts.body.data.map((d: { symbol: string }) => d.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
    ]);
    // Asked for spot (the default), the same call answers the spot tickers.
    const detail = await call(app, 'POST', url, { symbolNameList: names });
    expect(detail.body.data.map((d: { symbol: string }) => d.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
    ]);
    expect(detail.body.data[0].priceChangePercent).toMatch(/^-?\d+\.\d{2}$/);
    expect(detail.body.data[0].volume24).toMatch(DECIMAL);
    const coins = await call(app, 'POST', '/api/common/getCoinList', {});
    expect(coins.body.data.contractList).toHaveLength(perpetuals.length);
    expect(coins.body.data.currencyList).toHaveLength(11);
  });

  it('favourites need login, are per user and idempotent', async () => {
    const add = api('/api/{head}/coin/quotes/addOptional/btc/usdt');
    const anonymous = await call(app, 'GET', add);
    expect(anonymous.status).toBe(401);
    expect((await call(app, 'GET', api('/api/{head}/coin/quotes/getOptional'))).status).toBe(401);

    const ann = await registerByEmail(app, 'ann@example.org');
    const ben = await registerByEmail(app, 'ben@example.org');
    const asAnn = auth(ann.token);
    const asBen = auth(ben.token);
    expect((await call(app, 'GET', add, undefined, asAnn)).status).toBe(200);
    expect((await call(app, 'GET', add, undefined, asAnn)).status).toBe(200);
    await call(app, 'GET', api('/api/{head}/coin/quotes/addOptional/ETH/USDT'), undefined, asAnn);
    await call(app, 'GET', api('/api/{head}/coin/quotes/addOptional/sol/usdt'), undefined, asBen);

    const annList = await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/getOptional'),
      undefined,
      asAnn,
    );
    expect(
      annList.body.data.map((r: { id: string; collect: number }) => [r.id, r.collect]),
    ).toEqual([
      ['btcusdt', 1],
      ['ethusdt', 1],
    ]);
    const spotForAnn = await call(
      app,
      'GET',
      api('/api/{head}/coin/open/getSpotGoods'),
      undefined,
      asAnn,
    );
    const collected = spotForAnn.body.data
      .filter((r: { collect: number }) => r.collect === 1)
      .map((r: { id: string }) => r.id);
    expect(collected).toEqual(['btcusdt', 'ethusdt']);

    // Ann's list is invisible to Ben, and Ben's removal of btc leaves Ann's untouched.
    await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/cancelOptional/btc/usdt'),
      undefined,
      asBen,
    );
    const benList = await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/getOptional'),
      undefined,
      asBen,
    );
    expect(benList.body.data.map((r: { id: string }) => r.id)).toEqual(['solusdt']);
    const spotForBen = await call(
      app,
      'GET',
      api('/api/{head}/coin/open/getSpotGoods'),
      undefined,
      asBen,
    );
    expect(spotForBen.body.data.find((r: { id: string }) => r.id === 'btcusdt').collect).toBe(0);
    const annAgain = await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/getOptional'),
      undefined,
      asAnn,
    );
    expect(annAgain.body.data).toHaveLength(2);

    const unknown = await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/addOptional/zzz/usdt'),
      undefined,
      asAnn,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('This market is not listed');

    await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/cancelOptional/btc/usdt'),
      undefined,
      asAnn,
    );
    await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/cancelOptional/btc/usdt'),
      undefined,
      asAnn,
    );
    const annAfter = await call(
      app,
      'GET',
      api('/api/{head}/coin/quotes/getOptional'),
      undefined,
      asAnn,
    );
    expect(annAfter.body.data.map((r: { id: string }) => r.id)).toEqual(['ethusdt']);
  });

  it('publishes reference rates, CNY first', async () => {
    const { body } = await call(app, 'GET', api('/api/{head}/coin/assets/getCoinRate'));
    const codes = body.data.map((r: { exchange_code: string }) => r.exchange_code);
    expect(codes[0]).toBe('cny');
    for (const code of [
      'usd',
      'eur',
      'jpy',
      'krw',
      'gbp',
      'hkd',
      'twd',
      'vnd',
      'thb',
      'brl',
      'rub',
    ]) {
      expect(codes).toContain(code);
    }
    for (const r of body.data) {
      expect(r.rate).toMatch(DECIMAL);
      expect(r.quote_currency).toBe('USDT');
    }
  });

  it('no call sets a price: the market calls only read', async () => {
    const market = ALL_CALLS.filter((c) => (c.tags as readonly string[]).includes('market'));
    expect(market.length).toBe(13);
    for (const c of market) {
      // The only market call with a body names symbols to read.
      if (c.method === 'POST') expect(c.path).toMatch(/getCoinList|contractDetail/);
    }
    for (const c of ALL_CALLS) {
      // Balance adjustments (`/api/ops/adjustments`) correct a balance under dual control;
      // no call adjusts a price, a settlement, a candle or the index.
      expect(c.path).not.toMatch(
        /set.?price|adjust.?(price|index|kline|mark)|settle|kline\/(add|set)|index\/(set|put)/i,
      );
    }
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/setprice|adjustprice|setindex|setkline/i);
  });
});

describe('external index (recorded ccxt fixture)', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await buildPlatform(
      testConfig({
        DEMO_MODE: 'false',
        // Off by default outside a simulated demo: this deployment turns them on.
        MARKET_MAKERS: 'true',
        MARKET_TICK_MS: '40',
        INDEX_SOURCE: 'ccxt:binance',
      }),
      { logger: false, market: { exchange: fixtureExchange() } },
    );
    await platform.app.ready();
  });
  afterAll(async () => {
    await platform.app.close();
  });

  it('reports the exchange in health, quotes around its index and runs no simulated flow', async () => {
    const { body } = await call(platform.app, 'GET', '/api/health');
    expect(body.data.components.market).toEqual({ status: 'up', detail: 'ccxt:binance' });
    expect(platform.marketRuntime.flow).toBeNull();
    const depth = await until(
      () => depthOf(platform.app, 'btcusdt'),
      (d) => d.bids.length >= 5 && d.asks.length >= 5,
    );
    const mid = (Number(depth.bids[0]![0]) + Number(depth.asks[0]![0])) / 2;
    expect(Math.abs(mid / 91234.56 - 1)).toBeLessThan(0.003);
    await new Promise((r) => setTimeout(r, 200));
    // Without users trading, nothing trades: no history, no simulated flow.
    expect(platform.market.trades('btcusdt', 10)).toEqual([]);
    const klines = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/open/kline/btcusdt?interval=1m'),
    );
    expect(klines.body.data).toEqual([]);
    const stored = await platform.database.db
      .selectFrom('market_index_ticks')
      .select(['symbol', 'price', 'source'])
      .where('symbol', '=', 'btcusdt')
      .execute();
    expect(stored[0]).toEqual({ symbol: 'btcusdt', price: '91234.56', source: 'ccxt:binance' });
  });
});
