import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { currencyOrderSubmit, getDepth } from '@meridian/contract';
import { MeridianClient, MeridianError } from '@meridian/sdk';
import { meridian } from '@meridian/sdk/ccxt';
import { buildPlatform, type Platform } from '../src/app.ts';
import { call, rememberPlatform, trader, type Trader } from './accounts-helpers.ts';
import { testConfig } from './helpers.ts';

// The real ccxt package and the SDK against a running platform, over HTTP, on the
// system clock (signatures carry real timestamps).
let platform: Platform;
let origin: string;
let bot: Trader;
let key: { apiKey: string; secret: string };

beforeAll(async () => {
  platform = rememberPlatform(
    await buildPlatform(
      testConfig({
        DEMO_MODE: 'false',
        MARKET_MAKERS: 'false',
        // A test-only key for the HMAC secrets at rest (never a deployment's).
        API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      }),
      {
        logger: false,
      },
    ),
  );
  origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  bot = await trader(platform, 'ccxt-bot@example.org', { USDT: '10000', BTC: '1' });
  const made = await call(
    platform.app,
    'POST',
    '/api/core/coin/member/api',
    { label: 'ccxt', scopes: ['read', 'trade'] },
    bot.headers,
  );
  expect(made.status).toBe(200);
  key = { apiKey: made.body.data.apiKey, secret: made.body.data.secret };
});
afterAll(async () => {
  await platform.app.close();
});

describe('the SDK', () => {
  it('calls public and signed calls, typed from the contract, and names refusals', async () => {
    const client = new MeridianClient({ baseUrl: origin, auth: key });
    const depth = await client.call(getDepth, {
      params: { symbol: 'btcusdt' },
      query: { limit: 5 },
    });
    expect(depth.symbol).toBe('btcusdt');
    const order = await client.call(
      currencyOrderSubmit,
      { body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' } },
      { idempotencyKey: 'sdk-once' },
    );
    const again = await client.call(
      currencyOrderSubmit,
      { body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' } },
      { idempotencyKey: 'sdk-once' },
    );
    expect(again.id).toBe(order.id);
    const wrong = new MeridianClient({ baseUrl: origin, auth: { ...key, secret: 'not-it' } });
    const refused = await wrong
      .call(currencyOrderSubmit, {
        body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MeridianError);
    expect((refused as MeridianError).reason).toBe('apiKeyBadSignature');
  });
});

describe('the ccxt exchange class, with the real ccxt package', () => {
  it('loads markets, places, lists, fetches and cancels an order, and reads the balance', async () => {
    const exchange = new meridian({ ...key, urls: { api: { rest: origin } } });
    const markets = await exchange.loadMarkets();
    const btc = markets['BTC/USDT']!;
    expect(btc).toMatchObject({
      id: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      spot: true,
      active: true,
    });
    expect(btc.precision).toEqual({
      amount: 0.0001,
      price: 0.01,
      base: undefined,
      quote: undefined,
      cost: undefined,
    });
    expect(btc.limits.cost?.min).toBe(5);

    const placed = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 30000);
    expect(placed).toMatchObject({
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      status: 'open',
      price: 30000,
      amount: 0.01,
    });
    const open = await exchange.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toContain(placed.id);
    expect((await exchange.fetchOrder(placed.id)).status).toBe('open');
    // The public book is refreshed at most every 250 ms.
    await expect
      .poll(async () => (await exchange.fetchOrderBook('BTC/USDT')).bids[0], { timeout: 3_000 })
      .toEqual([30000, 0.01]);
    const balance = await exchange.fetchBalance();
    expect(balance.USDT).toMatchObject({ used: 500, total: 10000 });

    const cancelled = await exchange.cancelOrder(placed.id, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect((await exchange.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).not.toContain(placed.id);
    expect((await exchange.fetchClosedOrders('BTC/USDT')).map((o) => o.id)).toContain(placed.id);
    await expect(exchange.cancelOrder(placed.id)).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await expect(exchange.fetchOrder('999999999')).rejects.toBeInstanceOf(ccxt.OrderNotFound);

    // A bot's own order id: given at creation, back in every answer, and enough to find
    // and cancel the order; a repeat is ccxt's DuplicateOrderId.
    const tagged = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 29000, {
      clientOrderId: 'ccxt-grid-1',
    });
    expect(tagged.clientOrderId).toBe('ccxt-grid-1');
    const byClientId = await exchange.fetchOrder(undefined as unknown as string, 'BTC/USDT', {
      clientOrderId: 'ccxt-grid-1',
    });
    expect(byClientId).toMatchObject({
      id: tagged.id,
      clientOrderId: 'ccxt-grid-1',
      status: 'open',
    });
    await expect(
      exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 28000, {
        clientOrderId: 'ccxt-grid-1',
      }),
    ).rejects.toBeInstanceOf(ccxt.DuplicateOrderId);
    const cancelledByClientId = await exchange.cancelOrder(
      undefined as unknown as string,
      'BTC/USDT',
      { clientOrderId: 'ccxt-grid-1' },
    );
    expect(cancelledByClientId).toMatchObject({ id: tagged.id, status: 'canceled' });

    const stranger = new meridian({
      apiKey: key.apiKey,
      secret: 'wrong',
      urls: { api: { rest: origin } },
    });
    await expect(stranger.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
  });
});
