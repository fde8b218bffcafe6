import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { rememberPlatform, TestClock, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { bills, held, ledgerViolations, transfer } from './wallet-helpers.ts';

// The bills are SQL over the projected ledger (a union of both sides of each posting),
// and a transfer found again by its key reads the postings by reference: each database
// the tests have runs them.
describe.each(testDatabases())('wallet on $name', ({ create }) => {
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

  async function start() {
    current = await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false' }), {
        logger: false,
        database,
        clock: new TestClock(),
      }),
    );
    await platform.app.ready();
    return platform;
  }

  it('transfers in parallel without overdrawing, once per key, and lists the bills', async () => {
    const p = await start();
    const t = await trader(p, 'wallet-db@example.org', { USDT: '100', BTC: '1' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        transfer(p, t, { from: '1', to: '3', coin: 'USDT', amount: '10' }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(10);
    expect(await held(p, t, 'USDT')).toEqual(['0', '0', '100']);

    const key = { 'idempotency-key': 'db-key' };
    const body = { from: '3', to: '2', coin: 'USDT', amount: '25.5' };
    const first = await transfer(p, t, body, key);
    await p.database.db.deleteFrom('idempotency_keys').execute();
    const again = await transfer(p, t, body, key);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await held(p, t, 'USDT')).toEqual(['0', '25.5', '74.5']);

    const all = (await bills(p, t, { size: 500 })).body.data;
    // 2 deposits, then 11 transfers of two rows each.
    expect(all.total).toBe(24);
    expect(all.list[0]).toMatchObject({ reason: 'transfer', wallet: '3', amount: '-25.5' });
    expect(all.list[1]).toMatchObject({ reason: 'transfer', wallet: '2', amount: '25.5' });
    const intoFinance = (await bills(p, t, { wallet: '3', reason: 'transfer', coin: 'usdt' })).body
      .data;
    expect(intoFinance.total).toBe(11);
    const oldest = all.list.at(-1).time as number;
    expect((await bills(p, t, { end: oldest })).body.data.total).toBe(0);
    expect((await bills(p, t, { coin: 'BTC' })).body.data.list).toEqual([
      expect.objectContaining({ reason: 'deposit', amount: '1', wallet: '1' }),
    ]);
    expect(await ledgerViolations(p)).toEqual([]);
  });
});
