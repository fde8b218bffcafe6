import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { poolAccount } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Claimed } from '../../../kernel/cluster/intents.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, rememberPlatform, TestClock, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { available, exchange, ledgerViolations, quote, setIndex } from './swap-helpers.ts';

// The quotes' conditional updates, the pool moves and the restart pass, on each database.
describe.each(testDatabases())('swap on $name', ({ create }) => {
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

  // Outside demo mode: the pools start empty, and only an operator funds them.
  const config = () =>
    testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' });

  async function start(sameConfig = config(), clock = new TestClock()) {
    current ??= await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(sameConfig, { logger: false, database, clock }),
    );
    await platform.app.ready();
    return { platform, clock, config: sameConfig };
  }

  async function fundUsdtPool(p: Platform, clock: TestClock, amount: string) {
    const finance = await signInOperator(p, 'finance', { clock });
    const res = await call(
      p.app,
      'POST',
      '/api/ops/swap/pools',
      { coin: 'USDT', direction: 'in', amount, reason: 'swap liquidity' },
      finance.headers,
    );
    expect(res.status).toBe(200);
  }

  it('an empty pool refuses, a funded one pays; parallel swaps never overdraw', async () => {
    const { platform: p, clock } = await start();
    const t = await trader(p, 'swap-db@example.org', { BTC: '0.03' });
    await setIndex(p, { btcusdt: '97000' });
    const empty = await quote(p, t, { from: 'BTC', to: 'USDT', quantity: '0.01' });
    expect(empty.body.data.reason).toBe('swapLiquidityInsufficient');

    await fundUsdtPool(p, clock, '10000');
    expect(p.engine.accountBalance(poolAccount('swap', 'USDT'))).toBe(10_000_000000n);
    const quotes = await Promise.all(
      Array.from({ length: 5 }, () => quote(p, t, { from: 'BTC', to: 'USDT', quantity: '0.01' })),
    );
    const results = await Promise.all(quotes.map((q) => exchange(p, t, q.body.data.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(available(p, t, 'BTC')).toBe('0');
    expect(available(p, t, 'USDT')).toBe('2892.55455');
    // The same quote twice in parallel: one swap.
    const u = await trader(p, 'swap-db-twice@example.org', { BTC: '0.01' });
    const q = await quote(p, u, { from: 'BTC', to: 'USDT', quantity: '0.01' });
    const twice = await Promise.all([
      exchange(p, u, q.body.data.id),
      exchange(p, u, q.body.data.id),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(available(p, u, 'USDT')).toBe('964.18485');
    const log = await call(p.app, 'POST', '/api/texchange/getSwapLog', { size: 2 }, t.headers);
    expect(log.body.data).toMatchObject({ total: 3, current: 1, size: 2 });
    expect(log.body.data.records).toHaveLength(2);
    expect(await ledgerViolations(p)).toEqual([]);
  });

  it('a restart settles a swap accepted but not yet posted, once', async () => {
    const first = await start();
    const p = first.platform;
    await fundUsdtPool(p, first.clock, '5000');
    const t = await trader(p, 'swap-restart@example.org', { BTC: '0.02' });
    await setIndex(p, { btcusdt: '97000' });
    const q = (await quote(p, t, { from: 'BTC', to: 'USDT', quantity: '0.01' })).body.data;
    // As if the process stopped right after the acceptance, before the engine settled it.
    const db = p.database.db as unknown as Kysely<{
      swap_quotes: Claimed & { id: string; state: string };
    }>;
    await db
      .updateTable('swap_quotes')
      .set({ state: 'settling', ...p.intents.claim() })
      .where('id', '=', q.id)
      .execute();
    await p.app.close();
    await database!.close();

    const second = await start(first.config, first.clock);
    const r = second.platform;
    expect(available(r, t, 'BTC')).toBe('0.01');
    expect(available(r, t, 'USDT')).toBe('964.18485');
    const row = await (r.database.db as unknown as typeof db)
      .selectFrom('swap_quotes')
      .select('state')
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('settled');
    const again = await exchange(r, t, q.id);
    expect(again.body.data.id).toBe(q.id);
    expect(available(r, t, 'USDT')).toBe('964.18485');
    expect(await ledgerViolations(r)).toEqual([]);
  });
});
