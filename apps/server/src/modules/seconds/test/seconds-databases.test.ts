import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, rememberPlatform, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { EngineClock, SYMBOL, USDT, tick } from './seconds-helpers.ts';

const LIST = '/api/secondContractOrder/selectOrderList';

// Periods seeded by the migration, settled rows, paging and a restart with contracts
// open, on each database the tests have.
describe.each(testDatabases())('second contracts on $name', ({ create }) => {
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

  const config = () =>
    testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' });

  async function start(sameConfig: ReturnType<typeof config>, clock: EngineClock) {
    current ??= await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(sameConfig, { logger: false, database, engineClock: clock.now }),
    );
    await platform.app.ready();
    return platform;
  }

  it('opens, settles, pages and survives a restart with a contract open', async () => {
    const clock = new EngineClock();
    const cfg = config();
    let p = await start(cfg, clock);
    const periods = await call(p.app, 'POST', '/api/period/list', {});
    expect(periods.body.data.length).toBe(44);
    const admin = await signInOperator(p, 'admin');
    const funded = await call(
      p.app,
      'POST',
      '/api/ops/seconds/pool/fund',
      { coin: 'USDT', amount: '10000', reference: 'first' },
      admin.headers,
    );
    expect(funded.body.data).toEqual({ coin: 'USDT', balance: '10000', committed: '0' });
    // A period changed (an upsert) and one added, each with its audit row.
    for (const seconds of [30, 45]) {
      const saved = await call(
        p.app,
        'POST',
        '/api/ops/seconds/periods',
        {
          symbol: SYMBOL,
          seconds,
          profitRate: '0.2',
          lossRate: '0.2',
          minStake: '10',
          maxStake: '10000',
          chargeRate: '0.002',
          enabled: seconds === 30,
        },
        admin.headers,
      );
      expect(saved.body.data).toMatchObject({
        id: `${SYMBOL}-${seconds}`,
        enabled: seconds === 30,
      });
    }
    const audited = await p.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'seconds.period.%')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'seconds.period.update',
      'seconds.period.create',
    ]);
    // The disabled one is not offered.
    const offered = await call(p.app, 'POST', '/api/period/list', { symbol: SYMBOL });
    expect(offered.body.data.map((x: { seconds: number }) => x.seconds)).toEqual([
      30, 60, 120, 300,
    ]);
    await tick(p, 65_000n * USDT);
    const a = await trader(p, 'db-a@example.org', { USDT: '1000' });
    const open = (periodId: string, direction: string) =>
      call(
        p.app,
        'POST',
        '/api/secondContractOrder/createSecondContractOrder',
        { symbol: SYMBOL, periodId, direction, amount: '100' },
        a.headers,
      );
    const opened = await Promise.all([
      open(`${SYMBOL}-30`, 'up'),
      open(`${SYMBOL}-30`, 'down'),
      open(`${SYMBOL}-300`, 'up'),
    ]);
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200]);
    const pool = await call(p.app, 'GET', '/api/secondContractOrder/pool');
    expect(pool.body.data).toEqual([{ coin: 'USDT', balance: '10000', committed: '90' }]);
    clock.advance(30);
    await tick(p, 64_999n * USDT);

    const page = async (current: number) =>
      (await call(p.app, 'POST', LIST, { current, size: 2 }, a.headers)).body.data;
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.records.map((r: { status: string }) => r.status)).toEqual(['open', 'settled']);
    const second = await page(2);
    expect(second.records).toHaveLength(1);
    expect(second.records[0]).toMatchObject({ status: 'settled', createTime: expect.any(Number) });
    const outcomes = [first.records[1], second.records[0]].map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['loss', 'win']);

    // Stopped with the 300-second contract open; it settles after the restart.
    await p.app.close();
    await database!.close();
    platform = undefined;
    p = await start(cfg, clock);
    expect(p.engine.secondContracts(a.id)).toHaveLength(1);
    clock.advance(300);
    await tick(p, 65_100n * USDT);
    const settled = (await call(p.app, 'POST', LIST, { status: 'settled' }, a.headers)).body.data;
    expect(settled.total).toBe(3);
    const long = settled.records.find((r: { id: string }) => r.id === opened[2]!.body.data.id);
    expect(long).toMatchObject({
      outcome: 'win',
      payout: '150',
      closePrice: '65100',
    });
    // 1000 - 3 x 100.2, then 120 (win), 80 (loss), 150 (win).
    expect(p.engine.balance(a.id, 'USDT')).toEqual({
      asset: 'USDT',
      available: '1049.4',
      held: '0',
    });
  }, 60_000);
});
