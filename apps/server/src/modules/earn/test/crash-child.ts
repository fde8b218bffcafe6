// The process the earn crash test kills. `setup`: 20 orders on a product, stopped cleanly
// on the day of subscription. `accrue`: on day 3 a run pays days 1-3 of every order, and
// the process kills itself -9 the moment the engine's accrual is durable, before the
// database has recorded a day. `inspect`: starts on day 3 (the start-up run catches up),
// runs again, and reports the days recorded, the balance and the pools.
import { earnFundingPool, earnPrincipalPool, poolAccount } from '@meridian/core';
import { call } from '../../../../test/accounts-helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { earnOf } from '../index.ts';
import { TestClock, financeUsdt, product, quietConfig, saver, startEarn } from './earn-helpers.ts';

const [dir, mode] = process.argv.slice(2) as [string, 'setup' | 'accrue' | 'inspect'];
const clock = new TestClock();
if (mode === 'inspect') clock.toDay(3);
const platform = await startEarn(clock, { config: quietConfig({ DATA_DIR: dir }) });
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (mode === 'setup') {
  const admin = await signInOperator(platform, 'admin', { clock });
  const id = await product(platform, admin, { perUserLimit: 100 }, '1000');
  const user = await saver(platform, 'crash@example.org', '2000');
  for (let i = 0; i < 20; i++) {
    const res = await call(
      platform.app,
      'POST',
      '/api/earn/subscribe',
      { productId: id, amount: '100' },
      user.headers,
    );
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  }
  send({ product: id, user: user.id, finance: financeUsdt(platform, user.id) });
}
if (mode === 'accrue') {
  platform.engine.onDurable((results) => {
    if (results.some((r) => r.events.some((e) => e.type === 'earn_accrued'))) {
      process.kill(process.pid, 'SIGKILL');
    }
  });
  clock.toDay(3);
  await earnOf(platform.app).accrual.run();
  send({ survived: true });
}
if (mode === 'inspect') {
  const again = await earnOf(platform.app).accrual.run();
  const rows = (await platform.database.db
    .selectFrom('earn_accruals' as never)
    .select(['position_id', 'day', 'user_id', 'product_id'] as never[])
    .execute()) as Array<{ position_id: string; day: number; user_id: string; product_id: string }>;
  const orders = (await platform.database.db
    .selectFrom('earn_positions' as never)
    .select(['paid_days'] as never[])
    .execute()) as Array<{ paid_days: number }>;
  const user = rows[0]?.user_id ?? '';
  const productId = rows[0]?.product_id ?? '';
  send({
    again,
    rows: rows.length,
    distinct: new Set(rows.map((r) => `${r.position_id}:${r.day}`)).size,
    paidDays: orders.map((o) => Number(o.paid_days)),
    finance: financeUsdt(platform, user),
    funding: platform.engine
      .accountBalance(poolAccount(earnFundingPool(productId), 'USDT'))
      .toString(),
    principal: platform.engine
      .accountBalance(poolAccount(earnPrincipalPool(productId), 'USDT'))
      .toString(),
  });
}
await platform.app.close();
