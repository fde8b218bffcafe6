import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, TestClock } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { submit, trader, wallet, type Trader } from './spot-helpers.ts';

const GET = '/api/currency/order/get';
const CANCEL = '/api/currency/order/cancelOrder';
const bid = (clientOrderId: string, price = '20000') => ({
  symbol: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price,
  quantity: '0.01',
  clientOrderId,
});

// On every database the tests have: lookups by client order id read the projection.
describe.each(testDatabases())('client order ids on $name', ({ create }) => {
  let current: TestDatabase;
  let database: Database;
  let platform: Platform;
  let alice: Trader;
  let bob: Trader;
  beforeAll(async () => {
    current = await create();
    database = current.open();
    // Market makers off: the book holds only what these tests place.
    platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' }), {
      logger: false,
      clock: new TestClock(),
      database,
    });
    await platform.app.ready();
    alice = await trader(platform, 'cid-alice@example.org', { USDT: '10000' });
    bob = await trader(platform, 'cid-bob@example.org', { USDT: '10000' });
  });
  afterAll(async () => {
    await platform.app.close();
    await database.close();
    await current.dispose();
  });

  it('answers, lists, finds and cancels an order by the id its caller gave it', async () => {
    const publish = vi.spyOn(platform.broker, 'publishUserRefresh');
    const placed = await submit(platform, alice, bid('grid-1'));
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ clientOrderId: 'grid-1', status: 'waiting' });
    const id = placed.body.data.id as string;

    const found = await call(
      platform.app,
      'GET',
      `${GET}?clientOrderId=grid-1`,
      undefined,
      alice.headers,
    );
    expect(found.body.data).toMatchObject({ id, clientOrderId: 'grid-1' });
    const byId = await call(platform.app, 'GET', `${GET}?id=${id}`, undefined, alice.headers);
    expect(byId.body.data.clientOrderId).toBe('grid-1');
    const list = await call(
      platform.app,
      'POST',
      '/api/currency/order/orderList',
      { status: 'open' },
      alice.headers,
    );
    expect(list.body.data.list).toEqual([expect.objectContaining({ id, clientOrderId: 'grid-1' })]);

    const cancelled = await call(
      platform.app,
      'POST',
      `${CANCEL}?clientOrderId=grid-1`,
      undefined,
      alice.headers,
    );
    expect(cancelled.body.data).toMatchObject({ id, status: 'cancelled', clientOrderId: 'grid-1' });
    expect(await wallet(platform, alice)).toMatchObject({
      quote: { available: '10000', held: '0' },
    });
    await vi.waitFor(() =>
      expect(publish).toHaveBeenCalledWith(
        alice.id,
        expect.objectContaining({
          type: 'order',
          event: 'cancelled',
          orderId: id,
          clientOrderId: 'grid-1',
        }),
      ),
    );
    publish.mockRestore();
  });

  it('refuses a repeat while the order is open and after it closed, changing nothing', async () => {
    const first = await submit(platform, alice, bid('grid-2'));
    const before = await wallet(platform, alice);
    const again = await submit(platform, alice, bid('grid-2', '19000'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      data: { reason: 'clientOrderIdTaken', field: 'clientOrderId' },
    });
    expect(again.body.msg).toMatch(/client order id/i);
    expect(await wallet(platform, alice)).toEqual(before);
    await call(
      platform.app,
      'POST',
      `${CANCEL}?id=${first.body.data.id}`,
      undefined,
      alice.headers,
    );
    const afterClose = await submit(platform, alice, bid('grid-2'));
    expect(afterClose.body.data.reason).toBe('clientOrderIdTaken');
  });

  it('takes one of many parallel orders with the same id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submit(platform, alice, bid('race-1'))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await wallet(platform, alice)).toMatchObject({ quote: { held: '200' } });
  });

  it("keeps ids per user: another user may use the same id, and never reaches the other's order", async () => {
    const mine = await submit(platform, bob, bid('race-1'));
    expect(mine.status).toBe(200);
    const seen = await call(
      platform.app,
      'GET',
      `${GET}?clientOrderId=race-1`,
      undefined,
      bob.headers,
    );
    expect(seen.body.data.id).toBe(mine.body.data.id);
    const cancelled = await call(
      platform.app,
      'POST',
      `${CANCEL}?clientOrderId=race-1`,
      undefined,
      bob.headers,
    );
    expect(cancelled.body.data.id).toBe(mine.body.data.id);
    // Alice's race-1 is still open.
    const hers = await call(
      platform.app,
      'GET',
      `${GET}?clientOrderId=race-1`,
      undefined,
      alice.headers,
    );
    expect(hers.body.data).toMatchObject({ status: 'waiting' });
    expect(hers.body.data.id).not.toBe(mine.body.data.id);
  });

  it('refuses a malformed id, both lookups at once, and neither, with a clear message', async () => {
    const bad = await submit(platform, alice, bid('has space'));
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('body.clientOrderId');
    const both = await call(
      platform.app,
      'GET',
      `${GET}?id=1&clientOrderId=x`,
      undefined,
      alice.headers,
    );
    expect(both.status).toBe(400);
    expect(both.body.data.reason).toBe('orderIdOrClientOrderId');
    const neither = await call(platform.app, 'GET', GET, undefined, alice.headers);
    expect(neither.body.data.reason).toBe('orderIdOrClientOrderId');
    const unknown = await call(
      platform.app,
      'GET',
      `${GET}?clientOrderId=nope`,
      undefined,
      alice.headers,
    );
    expect(unknown.status).toBe(404);
  });
});
