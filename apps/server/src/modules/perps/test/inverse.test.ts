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

// Coin-margined BTCUSD over HTTP: 100 USD a contract, margin and profits in BTC. Market
// makers off, index ticks journalled by the tests.
let platform: Platform;
let alice: Trader;
let bob: Trader;

const api = (path: string) => path.replace('{head}', 'core');

async function toContract(t: Trader, coin: string, amount: string) {
  const res = await call(
    platform.app,
    'POST',
    '/api/asset/transferFunds',
    { from: '1', to: '2', coin, amount },
    t.headers,
  );
  expect(res.status).toBe(200);
}

async function tick(price: string) {
  const ack = await platform.engine.index([['btcusdt', BigInt(price) * 1_000_000n]]);
  expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
}

const submit = (t: Trader, body: Record<string, unknown>) =>
  call(platform.app, 'POST', '/api/contract/order/submit', body, t.headers);

const account = async (t: Trader, coin?: string) =>
  (
    await call(
      platform.app,
      'GET',
      `/api/contract/account${coin ? `?coin=${coin}` : ''}`,
      undefined,
      t.headers,
    )
  ).body.data as Record<string, string>;

const positions = async (t: Trader) =>
  (await call(platform.app, 'POST', '/api/contract/position/list', undefined, t.headers)).body
    .data as Array<Record<string, unknown>>;

beforeAll(async () => {
  const clock = new TestClock();
  platform = await buildPlatform(
    testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
    { logger: false, clock, engineClock: () => clock.now().getTime() },
  );
  await platform.app.ready();
  rememberPlatform(platform);
  alice = await trader(platform, 'inverse-alice@example.org', { BTC: '2', USDT: '10000' });
  bob = await trader(platform, 'inverse-bob@example.org', { BTC: '2', USDT: '10000' });
  for (const t of [alice, bob]) {
    await toContract(t, 'BTC', '1');
    await toContract(t, 'USDT', '10000');
  }
  await tick('50000');
});
afterAll(async () => {
  await platform.app.close();
});

describe('coin-margined perpetuals over HTTP', () => {
  it('publishes BTCUSD and ETHUSD as inverse markets margined in their coin, tiers in the coin', async () => {
    const all = (await call(platform.app, 'GET', '/api/contract/markets')).body.data as Array<
      Record<string, unknown>
    >;
    const btcusd = all.find((m) => m.symbol === 'btcusd');
    expect(btcusd).toMatchObject({
      kind: 'inverse',
      base: 'BTC',
      marginCoin: 'BTC',
      contractSize: '100',
      maxLeverage: 125,
    });
    expect((btcusd!.tiers as Array<Record<string, unknown>>)[0]).toMatchObject({ upTo: '5' });
    expect(all.find((m) => m.symbol === 'ethusd')).toMatchObject({ marginCoin: 'ETH' });
    expect(all.find((m) => m.symbol === 'btcusdt')).toMatchObject({
      kind: 'linear',
      marginCoin: 'USDT',
    });
    const b = await call(platform.app, 'GET', '/api/contract/initData?type=B');
    const symbols = (b.body.data.markets as Array<{ symbol: string }>).map((m) => m.symbol);
    expect(symbols.sort()).toEqual(['btcusd', 'ethusd']);
    const bad = await call(platform.app, 'GET', '/api/contract/initData?type=X');
    expect(bad.status).toBe(400);
    // The quote lists' price rows: contractType picks the kind.
    const detail = async (contractType: 'U' | 'B') =>
      (
        (
          await call(platform.app, 'POST', api('/api/{head}/coin/open/get/contractDetail'), {
            symbolNameList: ['btcusd', 'BTC/USDT'],
            type: 'contract',
            contractType,
          })
        ).body.data as Array<{ symbol: string }>
      ).map((r) => r.symbol);
    expect(await detail('B')).toEqual(['btcusd']);
    expect(await detail('U')).toEqual(['btcusdt']);
  });

  it('opens a long in BTC, settles the close at 55,000 in BTC to the satoshi, and leaves USDT alone', async () => {
    const usdtBefore = await account(alice);
    const sell = await submit(bob, {
      symbol: 'btcusd',
      side: 'sell',
      type: 'limit',
      price: '50000',
      contracts: '100',
    });
    expect(sell.status).toBe(200);
    // 10,000 USD at 50,000 = 0.2 BTC; 10x: 0.02 margin + 0.0001 taker fee held.
    expect(sell.body.data).toMatchObject({ status: 'waiting', marginHeld: '0.0201' });
    const buy = await submit(alice, {
      symbol: 'btcusd',
      side: 'buy',
      type: 'market',
      contracts: '100',
    });
    expect(buy.status).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 'filled', averagePrice: '50000', fee: '0.0001' });
    const [position] = await positions(alice);
    expect(position).toMatchObject({
      symbol: 'btcusd',
      side: 'long',
      size: '10000',
      entryPrice: '50000',
      notional: '0.2',
      margin: '0.02',
      liquidationPrice: '45636.363637',
    });
    expect(await account(alice, 'BTC')).toMatchObject({
      coin: 'BTC',
      walletBalance: '0.9999',
      available: '0.9799',
      positionMargin: '0.02',
    });

    await tick('55000');
    const bid = await submit(bob, {
      symbol: 'btcusd',
      side: 'buy',
      type: 'limit',
      price: '55000',
      contracts: '100',
      reduceOnly: true,
    });
    expect(bid.status).toBe(200);
    const close = await call(
      platform.app,
      'POST',
      `/api/contract/position/stopOrder?id=${String(position!.id)}`,
      undefined,
      alice.headers,
    );
    expect(close.status).toBe(200);
    expect(close.body.data).toMatchObject({ status: 'filled', realisedPnl: '0.01818181' });
    expect(await positions(alice)).toEqual([]);
    // 1 − 0.0001 − 0.0000909 (close fee on 0.18181818 BTC) + 0.01818181.
    expect(await account(alice, 'BTC')).toMatchObject({
      walletBalance: '1.01799091',
      available: '1.01799091',
    });
    expect(await account(bob, 'BTC')).toMatchObject({ walletBalance: '0.98174182' });
    // The USDT contract account saw none of it.
    expect(await account(alice)).toEqual(usdtBefore);
  });

  it("answers the coin tiers and my BTC account, refuses a linear symbol, and another user's position", async () => {
    const res = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/entrust/get/getBbwMaintenanceMargin/btcusd'),
      undefined,
      alice.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ symbol: 'btcusd', coin: 'BTC' });
    expect(res.body.data.account).toMatchObject({ coin: 'BTC' });
    const linear = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/entrust/get/getBbwMaintenanceMargin/btcusdt'),
      undefined,
      alice.headers,
    );
    expect(linear.status).toBe(400);
    expect(linear.body.msg).toMatch(/coin-margined/);

    await submit(bob, {
      symbol: 'btcusd',
      side: 'sell',
      type: 'limit',
      price: '55000',
      contracts: '10',
    });
    await submit(alice, { symbol: 'btcusd', side: 'buy', type: 'market', contracts: '10' });
    const [mine] = await positions(alice);
    const before = await account(alice, 'BTC');
    const stolen = await call(
      platform.app,
      'POST',
      `/api/contract/position/adjustAmount?id=${String(mine!.id)}&money=0.001&flag=add`,
      undefined,
      bob.headers,
    );
    expect(stolen.status).toBe(404);
    expect(await account(alice, 'BTC')).toEqual(before);
  });

  it('refuses bad inputs with nothing changed: more BTC than the wallet, too many decimals, an unknown coin', async () => {
    const [mine] = await positions(alice);
    const before = await account(alice, 'BTC');
    const tooMuch = await call(
      platform.app,
      'POST',
      `/api/contract/position/adjustAmount?id=${String(mine!.id)}&money=5&flag=add`,
      undefined,
      alice.headers,
    );
    expect(tooMuch.status).toBe(400);
    const decimals = await call(
      platform.app,
      'POST',
      `/api/contract/position/adjustAmount?id=${String(mine!.id)}&money=0.000000001&flag=add`,
      undefined,
      alice.headers,
    );
    expect(decimals.status).toBe(400);
    const huge = await submit(alice, {
      symbol: 'btcusd',
      side: 'buy',
      type: 'limit',
      price: '50000',
      contracts: '900000',
    });
    expect(huge.status).toBe(400);
    expect(await account(alice, 'BTC')).toEqual(before);
    const unknown = await call(
      platform.app,
      'GET',
      '/api/contract/account?coin=XYZ',
      undefined,
      alice.headers,
    );
    expect(unknown.status).toBe(400);
  });

  it('closes only coin-margined positions with contractType B', async () => {
    await submit(bob, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '55000',
      contracts: '10',
    });
    await submit(alice, { symbol: 'btcusdt', side: 'buy', type: 'market', contracts: '10' });
    await submit(bob, {
      symbol: 'btcusd',
      side: 'buy',
      type: 'limit',
      price: '55000',
      contracts: '10',
      reduceOnly: true,
    });
    const res = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/contract/close/onekey'),
      { contractType: 'B' },
      alice.headers,
    );
    expect(res.status).toBe(200);
    expect((await positions(alice)).map((p) => p.symbol)).toEqual(['btcusdt']);
    // The histories filter the same way: B lists only coin-margined fills, U only linear.
    const fills = async (type: 'U' | 'B') =>
      (
        (
          await call(
            platform.app,
            'POST',
            `/api/contract/fill/list?contractType=${type}`,
            undefined,
            alice.headers,
          )
        ).body.data.records as Array<{ symbol: string }>
      ).map((f) => f.symbol);
    expect(new Set(await fills('B'))).toEqual(new Set(['btcusd']));
    expect(new Set(await fills('U'))).toEqual(new Set(['btcusdt']));
  });

  it('says no MetaTrader 5 bridge is configured, in the caller’s language, never a number', async () => {
    const res = await call(platform.app, 'GET', '/api/common/getMt5Amount?coin=USDT', undefined, {
      ...alice.headers,
      lang: 'de_DE',
    });
    expect(res.status).toBe(400);
    expect(res.body.data).not.toHaveProperty('amount');
    expect(res.body.msg).toMatch(/MetaTrader/);
    expect(res.body.msg).toMatch(/Plattform/);
    const anonymous = await call(platform.app, 'GET', '/api/common/getMt5Amount?coin=USDT');
    expect(anonymous.status).toBe(401);
  });
});
