import { MARGIN_LENDING, systemAccount } from '@meridian/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, rememberPlatform, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';

const W = '/api/core/coin/wallet';
const HOUR = 3_600_000;

// Set-up once, the demo lending pool funded once, the history table and interest across a
// restart, on each database the tests have.
describe.each(testDatabases())('spot margin across a restart on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;
  let now = Date.parse('2026-11-22T08:10:00.000Z');

  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  async function start(config: ReturnType<typeof testConfig>) {
    current ??= await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(config, { logger: false, database, engineClock: () => now }),
    );
    await platform.app.ready();
    return platform;
  }

  async function stop() {
    await platform!.app.close();
    await database!.close();
    platform = undefined;
  }

  it('configures and funds once, keeps its history, and charges no hour twice', async () => {
    const config = testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' });
    let p = await start(config);
    const lending = () => p.engine.accountBalance(systemAccount(MARGIN_LENDING, 'USDT'));
    expect(lending()).toBe(1_000_000_000_000n);
    const t = await trader(p, 'margin-restart@example.org', { USDT: '5000' });
    const post = (path: string, body: unknown) => call(p.app, 'POST', path, body, t.headers);
    expect(
      (
        await post(`${W}/margin/transfer`, {
          account: 'all',
          coin: 'USDT',
          amount: '1000',
          direction: 'in',
        })
      ).status,
    ).toBe(200);
    expect((await post(`${W}/all/borrow`, { coin: 'USDT', amount: '1000' })).status).toBe(200);
    now += 2 * HOUR;
    await p.margin.interest.runDue();
    await stop();

    p = await start(config);
    // Nothing configured or lent again: the pools, pairs and pool balance are as they were.
    expect(p.engine.marginState.pools.size).toBe(3);
    expect(lending()).toBe(999_000_000_000n);
    // The two hours already charged are not charged again; the next one is.
    await p.margin.interest.runDue();
    const get = (path: string) => call(p.app, 'GET', path, undefined, t.headers);
    const usdt = async () =>
      (
        (await get(`${W}/all/marginProperty`)).body.data.coins as Array<Record<string, string>>
      ).find((c) => c.coin === 'USDT')!;
    expect(await usdt()).toMatchObject({ borrowed: '1000', interest: '0.01668' });
    now += HOUR;
    await p.margin.interest.runDue();
    expect((await usdt()).interest).toBe('0.02502');
    const history = (await get('/api/core/coin/entrust/borrowOrder/all/all/1')).body.data;
    expect(history.total).toBe(3);
    expect(history.records.map((r: { kind: string }) => r.kind)).toEqual([
      'interest',
      'interest',
      'borrow',
    ]);
  });
});
