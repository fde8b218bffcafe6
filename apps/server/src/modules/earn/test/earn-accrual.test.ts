import { afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call } from '../../../../test/accounts-helpers.ts';
import { testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { earnOf } from '../index.ts';
import {
  TestClock,
  financeUsdt,
  product,
  quietConfig,
  saver,
  signInAgain,
  startEarn,
} from './earn-helpers.ts';

type Row = Record<string, unknown>;

// The accrual over a whole cycle, with the platform stopped for three of its days, and
// maturity, on each database the tests have.
describe.each(testDatabases())('earn accrual on $name', ({ name, create }) => {
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

  async function start(cfg: ReturnType<typeof quietConfig>, clock: TestClock) {
    current ??= await create();
    database = current.open();
    platform = await startEarn(clock, { database, config: cfg });
    return platform;
  }

  async function stop() {
    await platform!.app.close();
    await database!.close();
    platform = undefined;
  }

  const accruals = async (p: Platform) =>
    (await p.database.db
      .selectFrom('earn_accruals' as never)
      .select(['position_id', 'day', 'date', 'amount_units'] as never[])
      .orderBy('day' as never)
      .execute()) as Row[];

  it('pays a 30-day cycle exactly, catches up three days missed while stopped, nothing twice, then returns the principal', async () => {
    const clock = new TestClock();
    const cfg = quietConfig();
    let p = await start(cfg, clock);
    expect(earnOf(p.app).scheduler?.kind).toBe(name === 'postgres' ? 'pg-boss' : 'croner');
    const admin = await signInOperator(p, 'admin', { clock });
    const id = await product(p, admin, {}, '36');
    const user = await saver(p, 'cycle@example.org', '3000');

    const quote = await call(
      p.app,
      'POST',
      '/api/earn/quote',
      { productId: id, amount: '1000' },
      user.headers,
    );
    expect(quote.body.data).toMatchObject({
      dailyIncome: '1.2',
      estimatedRevenue: '36',
      startDate: '2026-11-23',
      endDate: '2026-12-22',
      penalty: '30',
      available: '3000',
    });
    const order = await call(
      p.app,
      'POST',
      '/api/earn/subscribe',
      { productId: id, amount: '1000' },
      user.headers,
    );
    expect(order.body.data).toMatchObject({
      status: 'inProgress',
      amount: '1000',
      estimatedRevenue: '36',
      paidDays: 0,
    });
    expect(order.body.data.paymentTime).toBe(quote.body.data.paymentTime);
    expect(financeUsdt(p, user.id)).toBe('2000');

    // Days 1 to 10, one run a day (and a second run the same day pays nothing).
    for (let day = 1; day <= 10; day++) {
      clock.toDay(day);
      expect((await earnOf(p.app).accrual.run()).paid).toBe(1);
      expect((await earnOf(p.app).accrual.run()).paid).toBe(0);
    }
    expect(financeUsdt(p, user.id)).toBe('2012');

    // Stopped through days 11, 12 and 13; the start on day 14 pays the four days due.
    await stop();
    clock.toDay(14);
    p = await start(cfg, clock);
    expect(financeUsdt(p, user.id)).toBe('2016.8');
    expect((await earnOf(p.app).accrual.run()).paid).toBe(0);
    let rows = await accruals(p);
    expect(rows.map((r) => Number(r.day))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));

    // The rest of the cycle in one run long after its end: every day once, then maturity.
    clock.toDay(45);
    expect(await earnOf(p.app).accrual.run()).toEqual({
      paid: 16,
      recorded: 0,
      skipped: 0,
      matured: 1,
    });
    expect(await earnOf(p.app).accrual.run()).toEqual({
      paid: 0,
      recorded: 0,
      skipped: 0,
      matured: 0,
    });
    rows = await accruals(p);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => Number(r.day))).size).toBe(30);
    expect(rows.every((r) => String(r.amount_units) === '1200000')).toBe(true);
    expect(rows[0]!.date).toBe('2026-11-22');
    expect(rows[29]!.date).toBe('2026-12-21');
    expect(financeUsdt(p, user.id)).toBe('3036');

    // The clock moved past both sessions' lives: sign in again.
    const headers = await signInAgain(p, 'cycle@example.org');
    const ops = await signInOperator(p, 'admin', { clock });
    const list = await call(p.app, 'POST', '/api/pledge/order/list', {}, headers);
    expect(list.body.data.records[0]).toMatchObject({
      status: 'completed',
      earned: '36',
      paidDays: 30,
      redeemAmount: '1000',
      penalty: '0',
    });
    const products = await call(p.app, 'GET', '/api/ops/earn/products', undefined, ops.headers);
    expect(products.body.data[0]).toMatchObject({
      funding: '0',
      owed: '0',
      principalHeld: '0',
      openOrders: 0,
    });
    const income = await call(p.app, 'POST', '/api/financial/personalIncome', {}, headers);
    expect(income.body.data.totals).toEqual([{ coin: 'USDT', total: '36', yesterday: '0' }]);
  }, 120_000);

  it('redeems early with the published penalty, shown before, and refuses another user', async () => {
    const clock = new TestClock();
    const p = await start(quietConfig(), clock);
    const admin = await signInOperator(p, 'admin', { clock });
    const id = await product(p, admin, {}, '100');
    const a = await saver(p, 'a@example.org', '1000');
    const b = await saver(p, 'b@example.org', '1000');
    const order = (
      await call(p.app, 'POST', '/api/earn/subscribe', { productId: id, amount: '1000' }, a.headers)
    ).body.data;
    expect(order).toMatchObject({ penalty: '30', redeemAmount: '970' });
    clock.toDay(3);
    await earnOf(p.app).accrual.run();
    expect(financeUsdt(p, a.id)).toBe('3.6');

    // Another user's order: not found, for redeeming and in their lists; nothing moves.
    const theirs = await call(p.app, 'POST', '/api/earn/redeem', { id: order.id }, b.headers);
    expect(theirs.body).toMatchObject({ code: 404, data: { reason: 'earnOrderNotFound' } });
    const bList = await call(p.app, 'POST', '/api/pledge/order/list', {}, b.headers);
    expect(bList.body.data.total).toBe(0);
    expect(financeUsdt(p, a.id)).toBe('3.6');

    const redeemed = await call(p.app, 'POST', '/api/earn/redeem', { id: order.id }, a.headers);
    expect(redeemed.body.data).toMatchObject({
      status: 'redeemed',
      penalty: '30',
      redeemAmount: '970',
      earned: '3.6',
    });
    expect(financeUsdt(p, a.id)).toBe('973.6');
    const again = await call(p.app, 'POST', '/api/earn/redeem', { id: order.id }, a.headers);
    expect(again.body.data.status).toBe('redeemed');
    expect(financeUsdt(p, a.id)).toBe('973.6');
    // No more days for a redeemed order.
    clock.toDay(10);
    expect((await earnOf(p.app).accrual.run()).paid).toBe(0);
    const later = await signInOperator(p, 'admin', { clock });
    const ops = (await call(p.app, 'GET', '/api/ops/earn/products', undefined, later.headers)).body
      .data[0];
    // 100 funded − 3.6 paid + 30 penalty.
    expect(ops).toMatchObject({ funding: '126.4', owed: '0', principalHeld: '0' });
  }, 60_000);
});
