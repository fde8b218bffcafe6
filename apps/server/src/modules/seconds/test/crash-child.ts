// The process the second-contract crash test kills. `open`: a user opens three contracts
// and the process kills itself -9 with them open. `settle`: 60 s later on the engine's
// clock an index tick settles them, and the process kills itself -9 the moment that tick
// is durable, before the settled rows can be written. `inspect`: reports the rows and the
// user's balance, and stops cleanly.
import { call, trader } from '../../../../test/accounts-helpers.ts';
import { EngineClock, SYMBOL, USDT, startSeconds, tick } from './seconds-helpers.ts';

const [dir, mode] = process.argv.slice(2) as [string, 'open' | 'settle' | 'inspect'];
const base = Date.parse('2026-11-22T08:00:00.000Z');
// Restarts begin 10 s after the opening: whatever the feed ticks at start-up settles nothing.
const clock = new EngineClock(mode === 'open' ? base : base + 10_000);
const { platform, app } = await startSeconds({ DATA_DIR: dir }, clock);
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (mode === 'open') {
  await tick(platform, 65_000n * USDT);
  const user = await trader(platform, 'crash@example.org', { USDT: '1000' });
  for (const direction of ['up', 'down', 'up']) {
    const res = await call(
      app,
      'POST',
      '/api/secondContractOrder/createSecondContractOrder',
      { symbol: SYMBOL, periodId: `${SYMBOL}-30`, direction, amount: '100' },
      user.headers,
    );
    send({ opened: res.body.data.id, user: user.id });
  }
  process.kill(process.pid, 'SIGKILL');
}
if (mode === 'settle') {
  send({ open: platform.engine.secondContracts().length });
  clock.ms = base + 60_000;
  platform.engine.onDurable((results) => {
    if (results.some((r) => r.events.some((e) => e.type === 'seconds_settled'))) {
      process.kill(process.pid, 'SIGKILL');
    }
  });
  await platform.engine.index([[SYMBOL, 65_000n * USDT + 1n]]);
}
const rows = await platform.database.db
  .selectFrom('second_contracts' as never)
  .select(['id', 'user_id', 'outcome', 'payout', 'close_price'] as never[])
  .orderBy('id' as never)
  .execute();
const user = (rows[0] as { user_id?: string } | undefined)?.user_id;
send({
  rows,
  open: platform.engine.secondContracts().length,
  balance: user ? platform.engine.balance(user, 'USDT') : null,
});
await app.close();
