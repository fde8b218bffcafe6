import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, TestClock } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { submit, trader, type Trader } from './spot-helpers.ts';

// On every database the tests have: the flag is a column the projection writes.
describe.each(testDatabases())('stop-limit triggered flag on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;
  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  it('tells a cancelled stop-limit that never triggered from one that did', async () => {
    current = await create();
    database = current.open();
    // Market makers off: the book holds only what this test places.
    platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' }), {
      logger: false,
      clock: new TestClock(),
      database,
    });
    const p = platform;
    const seller = await trader(p, 'stop-seller@example.org', { BTC: '1' });
    const buyer: Trader = await trader(p, 'stop-buyer@example.org', { USDT: '10000' });
    const order = async (id: string) => {
      const page = await call(p.app, 'POST', '/api/order/list', { status: 'all' }, buyer.headers);
      return page.body.data.list.find((o: { id: string }) => o.id === id);
    };
    const cancel = async (id: string) =>
      (
        await call(
          p.app,
          'POST',
          `/api/currency/order/cancelOrder?id=${id}`,
          undefined,
          buyer.headers,
        )
      ).body.data;
    const stop = async (triggerPrice: string, price: string) => {
      const res = await submit(p, buyer, {
        symbol: 'btcusdt',
        side: 'buy',
        type: 'stop_limit',
        price,
        quantity: '0.01',
        triggerPrice,
      });
      expect(res.body.data).toMatchObject({ status: 'waiting', triggered: false });
      return res.body.data.id as string;
    };

    const never = await stop('90000', '90000');
    expect(await cancel(never)).toMatchObject({ status: 'cancelled', triggered: false });
    expect(await order(never)).toMatchObject({ status: 'cancelled', triggered: false });

    // Triggers once a trade prints 62000, but bids only 61000, below every ask: it rests.
    const fired = await stop('62000', '61000');
    await submit(p, seller, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '62000',
      quantity: '0.01',
    });
    const lift = await submit(p, buyer, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '62000',
      quantity: '0.01',
    });
    expect(lift.body.data.status).toBe('filled');
    expect(await order(fired)).toMatchObject({
      status: 'waiting',
      triggered: true,
      filledQuantity: '0',
    });
    expect(await cancel(fired)).toMatchObject({ status: 'cancelled', triggered: true });
    expect(await order(fired)).toMatchObject({ status: 'cancelled', triggered: true });
  });
});
