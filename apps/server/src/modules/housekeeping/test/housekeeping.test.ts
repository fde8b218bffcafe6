import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { marketMakingAccount, RETENTION, systemAccount } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { auditLedger } from '../../../engine/ledger-audit.ts';
import { call, rememberPlatform } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { ensureMonthlyPartitions, monthOf, PARTITIONED_TABLES } from '../partitions.ts';
import { applyRetention } from '../retention.ts';
import type { HousekeepingDb } from '../tables.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MARKET = 'btcusdt';
const MAKER = `mm.${MARKET}`;
const USER = '910001';

// Issue 27: the published retention rules on each database the tests have. Orders that
// ended without a fill go after their age (a maker's after an hour, a user's after the
// published days); orders with a fill, fills and postings stay; health reports the data.
describe.each(testDatabases())('housekeeping on $name', ({ create }) => {
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
      await buildPlatform(
        testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
        { logger: false, database, housekeepingEveryMs: DAY },
      ),
    );
    await platform.app.ready();
    return platform;
  }

  const count = async (
    db: HousekeepingDb,
    table: 'trade_orders' | 'trade_fills' | 'ledger_postings',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statuses = async (db: HousekeepingDb) =>
    (
      await db
        .selectFrom('trade_orders')
        .select(['id', 'user_id', 'status', 'filled_lots'])
        .orderBy('id')
        .execute()
    ).map((r) => `${r.user_id}:${r.status}:${Number(r.filled_lots) > 0 ? 'filled' : 'unfilled'}`);

  it('removes only orders that ended without a fill, each after its published age', async () => {
    const p = await start();
    const engine = p.engine;
    const db = p.database.db as unknown as HousekeepingDb;
    expect(engine.makerHoldsInEngine).toBe(true);
    const capital = (asset: string) => systemAccount('operator_capital', asset);
    await engine.adjust(
      capital('USDT'),
      marketMakingAccount(MAKER, 'USDT', 'available'),
      'USDT',
      '100000',
      'hk-1',
    );
    await engine.adjust(
      capital('BTC'),
      marketMakingAccount(MAKER, 'BTC', 'available'),
      'BTC',
      '10',
      'hk-2',
    );
    await engine.deposit(USER, 'USDT', '100000', 'hk-dep');
    const limit = (user: string, side: 'buy' | 'sell', price: string, quantity: string) =>
      engine.placeOrder({ user, market: MARKET, side, kind: 'limit', tif: 'GTC', price, quantity });
    const idOf = (ack: Awaited<ReturnType<typeof limit>>) => ack.seq!;

    // A maker quote cancelled untouched, a user's order cancelled untouched, and a maker
    // sell partly taken by the user's buy and then cancelled.
    const quote = await limit(MAKER, 'buy', '1000', '0.01');
    await engine.cancelOrder(MAKER, MARKET, idOf(quote));
    const mine = await limit(USER, 'buy', '1000', '0.01');
    await engine.cancelOrder(USER, MARKET, idOf(mine));
    const ask = await limit(MAKER, 'sell', '60000', '0.02');
    await limit(USER, 'buy', '60000', '0.01');
    await engine.cancelOrder(MAKER, MARKET, idOf(ask));
    await engine.projected();

    const before = await statuses(db);
    expect(before).toEqual([
      `${MAKER}:cancelled:unfilled`,
      `${USER}:cancelled:unfilled`,
      `${MAKER}:cancelled:filled`,
      `${USER}:filled:filled`,
    ]);
    const fills = await count(db, 'trade_fills');
    const postings = await count(db, 'ledger_postings');
    expect(fills).toBe(1);
    const now = Date.now();

    // Not yet an hour: nothing goes.
    expect(await applyRetention(db, now + HOUR / 2)).toMatchObject({ orders: 0 });
    // Past an hour: the maker's untouched quote goes, the user's stays.
    expect(await applyRetention(db, now + HOUR + 60_000)).toMatchObject({ orders: 1 });
    expect(await statuses(db)).toEqual(before.slice(1));
    // Just short of the published days, the user's untouched order stays; past them it goes.
    const days = RETENTION.unfilledOrderDays * DAY;
    expect(await applyRetention(db, now + days - 60_000)).toMatchObject({ orders: 0 });
    expect(await applyRetention(db, now + days + 60_000)).toMatchObject({ orders: 1 });
    expect(await statuses(db)).toEqual(before.slice(2));
    // A year on, every order with a fill, every fill and every posting is still there.
    expect(await applyRetention(db, now + 365 * DAY)).toMatchObject({ orders: 0 });
    expect(await statuses(db)).toEqual(before.slice(2));
    expect(await count(db, 'trade_fills')).toBe(fills);
    expect(await count(db, 'ledger_postings')).toBe(postings);
    expect((await auditLedger(p.database.db)).violations).toEqual([]);
  });

  it('keeps 5-minute candles while 1-minute ones age out; health reports size and ages', async () => {
    const p = await start();
    const db = p.database.db as unknown as HousekeepingDb;
    const now = Date.now();
    const old = now - (RETENTION.minuteCandleDays + 1) * DAY;
    const candle = (interval: string, openTime: number) => ({
      symbol: MARKET,
      interval,
      open_time: openTime,
      open: '1',
      high: '1',
      low: '1',
      close: '1',
      volume: '0',
      amount: '0',
      trades: 0,
    });
    await p.database.db
      .insertInto('market_candles')
      .values([candle('1m', old), candle('1m', now - 60_000), candle('5m', old)])
      .execute();
    const removed = await applyRetention(db, now);
    expect(removed.candles).toBe(1);
    const left = await p.database.db
      .selectFrom('market_candles')
      .select(['interval', 'open_time'])
      .where('symbol', '=', MARKET)
      .orderBy('interval')
      .orderBy('open_time')
      .execute();
    expect(left.map((c) => `${c.interval}@${Number(c.open_time) === old ? 'old' : 'new'}`)).toEqual(
      ['1m@new', '5m@old'],
    );

    // Before the first run health has no storage; after it, the data size and each table's age.
    await p.engine.deposit(USER, 'USDT', '5', 'hk-health');
    await p.engine.projected();
    await p.housekeeping.runNow();
    const health = await call(p.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const storage = health.body.data.storage;
    expect(storage.driver).toBe(current!.name);
    expect(storage.databaseBytes).toBeGreaterThan(0);
    expect(storage.engineBytes).toBeGreaterThan(0);
    expect(storage.lastRun).toMatchObject({ removedOrders: 0, removedCandles: 0 });
    const tables = Object.fromEntries(
      (storage.tables as Array<{ table: string; oldestAgeSeconds: number | null }>).map((t) => [
        t.table,
        t.oldestAgeSeconds,
      ]),
    );
    expect(Object.keys(tables).sort()).toEqual([
      'idempotency_keys',
      'ledger_postings',
      'market_candles',
      'market_index_ticks',
      'trade_fills',
      'trade_orders',
    ]);
    expect(tables.ledger_postings).toBeGreaterThanOrEqual(0);
    expect(tables.trade_fills).toBeNull();
    expect(tables.idempotency_keys).toBeNull();
  });
});

// Issue 27 on PostgreSQL: the tables that grow with every trade are partitioned by month.
const postgres = testDatabases().filter((d) => d.name === 'postgres');
describe.skipIf(postgres.length === 0)('monthly partitions on PostgreSQL', () => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;

  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
  });

  it('keeps each month in its own partition, creates the coming months once, and routes strays to the default', async () => {
    current = await postgres[0]!.create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(
        testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
        { logger: false, database, housekeepingEveryMs: DAY },
      ),
    );
    await platform.app.ready();
    const db = platform.database.db as unknown as Kysely<unknown>;
    const partitioned = await sql<{ relname: string }>`select c.relname from pg_partitioned_table p
      join pg_class c on c.oid = p.partrelid join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = current_schema() order by 1`.execute(db);
    // (pg-boss partitions its own job table in the same schema.)
    expect(partitioned.rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining([...PARTITIONED_TABLES]),
    );

    await platform.engine.deposit(USER, 'USDT', '5', 'pt-dep');
    await platform.engine.projected();
    const where = await sql<{ part: string }>`select tableoid::regclass::text as part
      from ledger_postings`.execute(db);
    const month = monthOf(Date.now()).name;
    expect(new Set(where.rows.map((r) => r.part.replace(/^.*\./, '')))).toEqual(
      new Set([`ledger_postings_p${month}`]),
    );

    // Five months on, housekeeping creates the months up to three past that, once.
    const later = Date.now() + 150 * DAY;
    const first = await ensureMonthlyPartitions(db, later);
    expect(first.created).toContain(`trade_orders_p${monthOf(later).name}`);
    expect(first.skipped).toEqual([]);
    expect((await ensureMonthlyPartitions(db, later)).created).toEqual([]);

    // A row dated where no month exists yet lands in the default partition and stays
    // readable; that month cannot be created over it, and is named as skipped.
    const far = Date.UTC(2031, 5, 15);
    await sql`insert into ledger_postings (id, seq, asset, from_account, to_account, amount,
      reason, ref_kind, ref_id, created_at, amount_units) values (987654321, 1, 'USDT', 'a', 'b',
      '1', 'deposit', 'test', 'far', ${far}, 1000000)`.execute(db);
    const stray = await sql<{ part: string }>`select tableoid::regclass::text as part
      from ledger_postings where id = 987654321`.execute(db);
    expect(stray.rows[0]!.part).toMatch(/ledger_postings_pdefault$/);
    const blocked = await ensureMonthlyPartitions(db, far);
    expect(blocked.skipped).toContain('ledger_postings_p203106');
    expect(blocked.created).toContain('trade_orders_p203106');
  });
});
