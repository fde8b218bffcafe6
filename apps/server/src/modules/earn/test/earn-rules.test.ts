import { afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call } from '../../../../test/accounts-helpers.ts';
import { testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import {
  PRODUCT,
  TestClock,
  financeUsdt,
  product,
  quietConfig,
  saver,
  startEarn,
} from './earn-helpers.ts';

const SUBSCRIBE = '/api/earn/subscribe';

// Limits under parallel requests, the membership zone, every bad input and the operators'
// side, on each database the tests have.
describe.each(testDatabases())('earn rules on $name', ({ create }) => {
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

  async function start(clock = new TestClock()) {
    current = await create();
    database = current.open();
    platform = await startEarn(clock, { database, config: quietConfig() });
    const admin = await signInOperator(platform, 'admin', { clock });
    return { p: platform, admin, clock };
  }

  const positions = async (p: Platform) =>
    (await p.database.db
      .selectFrom('earn_positions' as never)
      .select(['state', 'principal_units'] as never[])
      .execute()) as Array<{ state: string }>;
  const opsProduct = async (p: Platform, headers: Record<string, string>, id: string) =>
    (await call(p.app, 'GET', '/api/ops/earn/products', undefined, headers)).body.data.find(
      (r: { id: string }) => r.id === id,
    );

  it('keeps the capacity and the per-user count under parallel subscriptions', async () => {
    const { p, admin } = await start();
    const capped = await product(p, admin, {
      capacity: '1000',
      maxAmount: '1000',
      perUserLimit: 100,
    });
    const limited = await product(p, admin, { perUserLimit: 3 });
    const a = await saver(p, 'many@example.org', '5000');
    const send = (id: string) =>
      call(p.app, 'POST', SUBSCRIBE, { productId: id, amount: '100' }, a.headers);

    const capacity = await Promise.all(Array.from({ length: 14 }, () => send(capped)));
    const ok = capacity.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(10);
    for (const r of capacity.filter((x) => x.body.code !== 200)) {
      expect(r.body).toMatchObject({ code: 400, data: { reason: 'earnCapacityReached' } });
    }
    const row = await opsProduct(p, admin.headers, capped);
    expect(row).toMatchObject({
      subscribed: '1000',
      remaining: '0',
      principalHeld: '1000',
      open: false,
    });

    const count = await Promise.all(Array.from({ length: 8 }, () => send(limited)));
    expect(count.filter((r) => r.body.code === 200)).toHaveLength(3);
    for (const r of count.filter((x) => x.body.code !== 200)) {
      expect(r.body).toMatchObject({ code: 400, data: { reason: 'earnPerUserLimit' } });
    }
    expect(financeUsdt(p, a.id)).toBe('3700');
    const mine = await call(p.app, 'POST', '/api/pledge/order/list', { size: 100 }, a.headers);
    expect(mine.body.data.total).toBe(13);
  }, 60_000);

  it('offers the membership zone to VIP users only', async () => {
    const { p, admin } = await start();
    const vip = await product(p, admin, { kind: 'finance', section: 'vip' });
    const user = await saver(p, 'normal@example.org', '1000');
    const listed = await call(p.app, 'POST', '/api/financial/list', { section: 'vip' });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: vip, vipOnly: true, section: 'vip' });

    const refused = await call(
      p.app,
      'POST',
      SUBSCRIBE,
      { productId: vip, amount: '100' },
      user.headers,
    );
    expect(refused.body).toMatchObject({ code: 403, data: { reason: 'earnVipOnly' } });
    const quote = await call(
      p.app,
      'POST',
      '/api/earn/quote',
      { productId: vip, amount: '100' },
      user.headers,
    );
    expect(quote.body.code).toBe(403);
    expect(financeUsdt(p, user.id)).toBe('1000');
    expect(await positions(p)).toHaveLength(0);

    await p.database.db
      .updateTable('users' as never)
      .set({ vip: 1 } as never)
      .where('id' as never, '=', user.id as never)
      .execute();
    const ok = await call(
      p.app,
      'POST',
      SUBSCRIBE,
      { productId: vip, amount: '100' },
      user.headers,
    );
    expect(ok.body.data).toMatchObject({ kind: 'finance', section: 'vip', status: 'inProgress' });
    const finance = await call(p.app, 'POST', '/api/financial/order/list', {}, user.headers);
    expect(finance.body.data.total).toBe(1);
  }, 60_000);

  it('refuses every bad input with a clear reason and changes nothing', async () => {
    const { p, admin } = await start();
    const id = await product(p, admin);
    const unfunded = await product(p, admin, {}, '0');
    const user = await saver(p, 'bad@example.org', '300');
    const cases: Array<[unknown, number, string]> = [
      [{ productId: id, amount: 'abc' }, 400, 'invalidNumber'],
      [{ productId: id, amount: '-5' }, 400, 'invalidNumber'],
      [{ productId: id, amount: '0' }, 400, 'zeroAmount'],
      [{ productId: id, amount: '100.0000001' }, 400, 'tooManyDecimals'],
      [{ productId: id, amount: '99.999999' }, 400, 'earnAmountBelowMin'],
      [{ productId: id, amount: '10000.000001' }, 400, 'earnAmountAboveMax'],
      [{ productId: id, amount: '301' }, 400, 'insufficientBalance'],
      [{ productId: unfunded, amount: '100' }, 400, 'earnFundingInsufficient'],
      [{ productId: 'nope', amount: '100' }, 404, 'earnProductUnknown'],
      [{ productId: id, amount: '100', extra: 1 }, 400, 'validation'],
      [{ productId: id }, 400, 'validation'],
    ];
    for (const [body, code, reason] of cases) {
      const res = await call(p.app, 'POST', SUBSCRIBE, body, user.headers);
      expect([body, res.body.code, res.body.data?.reason]).toEqual([body, code, reason]);
      expect(res.body.msg).not.toMatch(/sql|select|stack/i);
    }
    const anonymous = await call(p.app, 'POST', SUBSCRIBE, { productId: id, amount: '100' });
    expect(anonymous.body.code).toBe(401);
    expect(financeUsdt(p, user.id)).toBe('300');
    // Refused openings gave their capacity and count back.
    expect(await opsProduct(p, admin.headers, id)).toMatchObject({
      subscribed: '0',
      openOrders: 0,
    });
    const paused = await call(
      p.app,
      'POST',
      '/api/ops/earn/products/state',
      { id, state: 'paused' },
      admin.headers,
    );
    expect(paused.body.data.state).toBe('paused');
    const onPaused = await call(
      p.app,
      'POST',
      SUBSCRIBE,
      { productId: id, amount: '100' },
      user.headers,
    );
    expect(onPaused.body.data.reason).toBe('earnProductPaused');
    expect(
      (await call(p.app, 'POST', '/api/pledge/list', {})).body.data.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([unfunded]);
    const redeemBad = await call(p.app, 'POST', '/api/earn/redeem', { id: 'nope' }, user.headers);
    expect(redeemBad.body).toMatchObject({ code: 404, data: { reason: 'earnOrderNotFound' } });
    expect(financeUsdt(p, user.id)).toBe('300');
  }, 60_000);

  it('lets finance and admin operators manage products, audited; an edit changes future orders only', async () => {
    const { p, admin, clock } = await start();
    const id = await product(p, admin);
    const user = await saver(p, 'edit@example.org', '2000');
    const first = await call(
      p.app,
      'POST',
      SUBSCRIBE,
      { productId: id, amount: '1000' },
      user.headers,
    );
    const edited = await call(
      p.app,
      'POST',
      '/api/ops/earn/products',
      {
        id,
        kind: 'pledge',
        section: null,
        coin: 'USDT',
        minAmount: '100',
        maxAmount: '10000',
        dailyRate: '0.002',
        cycleDays: 10,
        perUserLimit: 3,
        capacity: '100000',
        penaltyRate: '0.05',
        timeZone: 'Europe/Paris',
      },
      admin.headers,
    );
    expect(edited.body.data).toMatchObject({
      dailyRate: '0.002',
      cycleDays: 10,
      timeZone: 'Europe/Paris',
    });
    const second = await call(
      p.app,
      'POST',
      SUBSCRIBE,
      { productId: id, amount: '1000' },
      user.headers,
    );
    expect(second.body.data).toMatchObject({ dailyRate: '0.002', cycleDays: 10, dailyIncome: '2' });
    const orders = (await call(p.app, 'POST', '/api/pledge/order/list', {}, user.headers)).body.data
      .records;
    const kept = orders.find((o: { id: string }) => o.id === first.body.data.id);
    expect(kept).toMatchObject({
      dailyRate: '0.0012',
      cycleDays: 30,
      dailyIncome: '1.2',
      timeZone: 'Asia/Hong_Kong',
      penaltyRate: '0.03',
    });

    const locked = await call(
      p.app,
      'POST',
      '/api/ops/earn/products',
      { ...PRODUCT, id, coin: 'BTC', minAmount: '1', maxAmount: '2', capacity: '5' },
      admin.headers,
    );
    expect(locked.body.data.reason).toBe('earnChangeLocked');
    const badZone = await call(
      p.app,
      'POST',
      '/api/ops/earn/products',
      {
        kind: 'pledge',
        section: null,
        coin: 'USDT',
        minAmount: '1',
        maxAmount: '2',
        dailyRate: '0.001',
        cycleDays: 10,
        perUserLimit: 1,
        capacity: '5',
        penaltyRate: '0',
        timeZone: 'Mars/Olympus',
      },
      admin.headers,
    );
    expect(badZone.body.data.reason).toBe('earnTimeZoneUnknown');
    const badBounds = await call(
      p.app,
      'POST',
      '/api/ops/earn/products',
      {
        kind: 'finance',
        section: 'ordinary',
        coin: 'USDT',
        minAmount: '3',
        maxAmount: '2',
        dailyRate: '0.001',
        cycleDays: 10,
        perUserLimit: 1,
        capacity: '5',
        penaltyRate: '0',
        timeZone: 'UTC',
      },
      admin.headers,
    );
    expect(badBounds.body.data.reason).toBe('earnBoundsInvalid');

    const support = await signInOperator(p, 'support', { clock });
    const denied = await call(p.app, 'GET', '/api/ops/earn/products', undefined, support.headers);
    expect(denied.body.code).toBe(403);
    const finance = await signInOperator(p, 'finance', { clock });
    const funded = await call(
      p.app,
      'POST',
      '/api/ops/earn/products/fund',
      { id, amount: '5', reference: 'top-up-1' },
      finance.headers,
    );
    expect(funded.body.data.funding).toBe('10005');
    const twice = await call(
      p.app,
      'POST',
      '/api/ops/earn/products/fund',
      { id, amount: '5', reference: 'top-up-1' },
      finance.headers,
    );
    expect(twice.body.code).toBe(409);
    const audit = (await p.database.db
      .selectFrom('audit_log' as never)
      .select(['action'] as never[])
      .where('action' as never, 'like', 'earn.%' as never)
      .execute()) as Array<{ action: string }>;
    expect(audit.map((a) => a.action).sort()).toEqual([
      'earn.product.create',
      'earn.product.fund',
      'earn.product.fund',
      'earn.product.update',
    ]);
  }, 60_000);
});
