import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import {
  call,
  rememberPlatform,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig } from '../../../../test/helpers.ts';

// Market makers off: the books hold only what these tests place. The index ticks are
// journalled by the tests themselves.
let platform: Platform;
let clock: TestClock;
let alice: Trader;
let bob: Trader;
let carol: Trader;

const api = (path: string) => path.replace('{head}', 'core');

async function contractWallet(t: Trader, amount: string) {
  const res = await call(
    platform.app,
    'POST',
    '/api/asset/transferFunds',
    { from: '1', to: '2', coin: 'USDT', amount },
    t.headers,
  );
  expect(res.status).toBe(200);
}

async function tick(price: string) {
  const ack = await platform.engine.index([['btcusdt', BigInt(price) * 1_000_000n]]);
  expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
}

const submit = (t: Trader, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(platform.app, 'POST', '/api/contract/order/submit', body, { ...t.headers, ...headers });

const account = async (t: Trader) =>
  (await call(platform.app, 'GET', '/api/contract/account', undefined, t.headers)).body.data;

const positions = async (t: Trader) =>
  (await call(platform.app, 'POST', '/api/contract/position/list', undefined, t.headers)).body
    .data as Array<Record<string, unknown>>;

beforeAll(async () => {
  clock = new TestClock();
  // The engine stamps its commands on the test's clock, so funding comes due when it moves.
  platform = await buildPlatform(
    testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
    { logger: false, clock, engineClock: () => clock.now().getTime() },
  );
  await platform.app.ready();
  rememberPlatform(platform);
  alice = await trader(platform, 'perp-alice@example.org', { USDT: '20000' });
  bob = await trader(platform, 'perp-bob@example.org', { USDT: '20000' });
  carol = await trader(platform, 'perp-carol@example.org', { USDT: '20000' });
  for (const t of [alice, bob, carol]) await contractWallet(t, '10000');
  await tick('60000');
});
afterAll(async () => {
  await platform.app.close();
});

describe('perpetuals over HTTP', () => {
  it('publishes the markets with their tiers, fees and funding', async () => {
    const res = await call(platform.app, 'GET', '/api/contract/markets');
    expect(res.status).toBe(200);
    const btc = (res.body.data as Array<Record<string, unknown>>).find(
      (m) => m.symbol === 'btcusdt',
    );
    expect(btc).toMatchObject({
      contractSize: '0.001',
      maxLeverage: 125,
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0005',
      fundingIntervalHours: 8,
    });
    expect((btc!.tiers as unknown[]).length).toBe(5);
    const rate = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/open/getFundingRate?symbolName=btcusdt'),
    );
    expect(rate.body.data).toMatchObject({
      symbol: 'btcusdt',
      markPrice: '60000',
      indexPrice: '60000',
    });
  });

  it('opens a 10x long against a resting short, both families seeing the same orders', async () => {
    const sell = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/contract/open/btcusdt'),
      { direction: 2, type: 'limit', price: '60000', amount: '100' },
      bob.headers,
    );
    expect(sell.status).toBe(200);
    expect(sell.body.data).toMatchObject({
      side: 'sell',
      status: 'waiting',
      contracts: 100,
      marginHeld: '603',
    });
    const buy = await submit(alice, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      contracts: '100',
    });
    expect(buy.status).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 'filled', averagePrice: '60000', fee: '3' });
    const [position] = await positions(alice);
    expect(position).toMatchObject({
      side: 'long',
      contracts: 100,
      size: '0.1',
      entryPrice: '60000',
      margin: '600',
      leverage: 10,
      marginMode: 'isolated',
      liquidationPrice: '54216.86747',
    });
    expect(await account(alice)).toMatchObject({ available: '9397', positionMargin: '600' });
    const log = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/entrust/entrustlogContract/btcusdt/history/1'),
      undefined,
      bob.headers,
    );
    expect(log.body.data.records[0]).toMatchObject({ id: sell.body.data.id, status: 'filled' });
  });

  it('moves unrealised PnL with the mark', async () => {
    await tick('61000');
    const [position] = await positions(alice);
    expect(position).toMatchObject({ markPrice: '61000', unrealisedPnl: '100', roe: '0.16666666' });
    const [short] = await positions(bob);
    expect(short).toMatchObject({ unrealisedPnl: '-100' });
  });

  it('refuses another user’s position and order ids, with nothing changed', async () => {
    const [position] = await positions(alice);
    const before = await account(alice);
    for (const [method, path, body] of [
      ['POST', `/api/contract/position/stopOrder?id=${position!.id}`, undefined],
      [
        'POST',
        `/api/contract/position/adjustAmount?id=${position!.id}&money=10&flag=add`,
        undefined,
      ],
      ['POST', '/api/contract/loss/sett', { id: position!.id, takeProfitPrice: '70000' }],
    ] as const) {
      const res = await call(platform.app, method, path, body, carol.headers);
      expect(res.status, path).toBe(404);
    }
    const order = await submit(alice, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '65000',
      contracts: '10',
      reduceOnly: true,
    });
    const cancel = await call(
      platform.app,
      'POST',
      `/api/contract/order/canCelOrder?id=${order.body.data.id}`,
      undefined,
      carol.headers,
    );
    expect(cancel.status).toBe(404);
    expect(await positions(alice)).toHaveLength(1);
    expect((await account(alice)).available).toBe(before.available);
    await call(
      platform.app,
      'POST',
      `/api/contract/order/canCelOrder?id=${order.body.data.id}`,
      undefined,
      alice.headers,
    );
  });

  it('refuses bad input with its reason', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '60000.005', contracts: '1' },
        'price',
      ],
      [{ symbol: 'btcusdt', side: 'buy', type: 'limit', contracts: '1' }, 'price'],
      [{ symbol: 'btcusdt', side: 'buy', type: 'market', contracts: '1.5' }, 'contracts'],
      [{ symbol: 'btcusdt', side: 'buy', type: 'market', contracts: '0' }, 'contracts'],
      [{ symbol: 'btcusdt', side: 'buy', type: 'market', contracts: '100000' }, 'contracts'],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'market', contracts: '1', reduceOnly: true },
        'reduceOnly',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await submit(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.data?.field), JSON.stringify(body)).toContain(field);
    }
    const lev = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/wallet/contract/updateLeverageRadio'),
      { symbol: 'btcusdt', leverage: 126 },
      alice.headers,
    );
    expect(lev.status).toBe(400);
    const mode = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/wallet/contract/updateBond'),
      { symbol: 'btcusdt', marginMode: 'cross' },
      alice.headers,
    );
    expect(mode.status).toBe(409);
    const remove = await call(
      platform.app,
      'POST',
      '/api/contract/position/adjustAmount?id=' +
        (await positions(alice))[0]!.id +
        '&money=500&flag=remove',
      undefined,
      alice.headers,
    );
    expect(remove.status).toBe(400);
  });

  it('sets a take-profit that closes the position when the mark reaches it', async () => {
    const [position] = await positions(alice);
    const bad = await call(
      platform.app,
      'POST',
      '/api/contract/loss/sett',
      { id: position!.id, takeProfitPrice: '60500' },
      alice.headers,
    );
    expect(bad.status).toBe(400);
    const set = await call(
      platform.app,
      'POST',
      '/api/contract/loss/sett',
      { id: position!.id, takeProfitPrice: '62000', stopLossPrice: '58000' },
      alice.headers,
    );
    expect(set.status).toBe(200);
    expect(set.body.data.takeProfit).toEqual({ price: '62000', trigger: 'mark' });
    await submit(carol, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '62000',
      contracts: '100',
    });
    await tick('62000');
    expect(await positions(alice)).toEqual([]);
    // +200 PnL, 600 back, taker fee 6,200 × 0.05 % = 3.1.
    expect(await account(alice)).toMatchObject({ available: '10193.9', positionMargin: '0' });
    const fills = await call(
      platform.app,
      'POST',
      '/api/contract/fill/list',
      undefined,
      alice.headers,
    );
    expect(fills.body.data.records[0]).toMatchObject({
      price: '62000',
      realisedPnl: '200',
      liquidity: 'taker',
    });
  });

  it('pays funding between longs and shorts at its time, once', async () => {
    const perps = platform.engine.perps;
    const market = perps.markets.get('btcusdt')!;
    clock.current = new Date(market.nextFundingTime + 1_000);
    const { funding } = platform.perps;
    await Promise.all([funding.runDue(), funding.runDue()]);
    await platform.perps.flushed();
    const list = await call(
      platform.app,
      'POST',
      '/api/contract/funding/list',
      undefined,
      carol.headers,
    );
    expect(list.body.data.total).toBe(1);
    const history = await call(platform.app, 'GET', '/api/contract/fundingHistory?symbol=btcusdt');
    expect(history.body.data).toHaveLength(1);
  });
});
