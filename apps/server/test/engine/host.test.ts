import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { auditLedger } from '../../src/engine/ledger-audit.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { tempDir, testDatabases, type TestDatabase } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

describe.each(testDatabases())('engine host on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await database?.close();
    await current?.dispose();
    current = database = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function engineDir(): string {
    const dir = tempDir('meridian-engine-');
    dirs.push(dir);
    return dir;
  }

  async function openHost(dir: string, snapshotEvery = 1_000): Promise<EngineHost> {
    const projector = await SqlProjector.open(database!.db, TEST_ENGINE);
    let now = 1_700_000_000_000;
    return EngineHost.open({
      dir,
      config: TEST_ENGINE,
      projector,
      snapshotEvery,
      clock: () => now++,
    });
  }

  it('acknowledges durable commands, projects them, and restarts into the same state', async () => {
    current = await create();
    database = current.open();
    await migrateToLatest(database.db);
    const dir = engineDir();
    const host = await openHost(dir, 5);

    await Promise.all([
      host.deposit('alice', 'USDT', '10000', 'dep-1'),
      host.deposit('bob', 'BTC', '1', 'dep-2'),
    ]);
    const ask = await host.placeOrder({
      user: 'bob',
      market: 'BTC-USDT',
      side: 'sell',
      kind: 'limit',
      price: '50000',
      quantity: '0.1',
    });
    expect(ask.events[0]).toMatchObject({ type: 'accepted', price: 5_000_000, lots: 1_000 });
    const [bid, cancel] = await Promise.all([
      host.placeOrder({
        user: 'alice',
        market: 'BTC-USDT',
        side: 'buy',
        kind: 'limit',
        price: '50100',
        quantity: '0.04',
      }),
      host.placeOrder({
        user: 'alice',
        market: 'BTC-USDT',
        side: 'buy',
        kind: 'limit',
        price: '40000',
        quantity: '0.01',
      }),
    ]);
    expect(bid.events.map((e) => e.type)).toEqual(['accepted', 'trade', 'filled']);
    const cancelled = await host.cancelOrder('alice', 'BTC-USDT', cancel.seq!);
    expect(cancelled.events[0]).toMatchObject({ type: 'cancelled', reason: 'user' });

    expect(host.getOrder('BTC-USDT', ask.seq!)).toMatchObject({
      status: 'open',
      remaining: '0.06',
    });
    expect(host.balances('alice')).toEqual([
      { asset: 'BTC', available: '0.03992', held: '0' },
      { asset: 'USDT', available: '8000', held: '0' },
    ]);
    const hash = host.stateHash();
    await host.close();

    const db = database.db;
    const fill = await db.selectFrom('trade_fills').selectAll().executeTakeFirstOrThrow();
    expect(fill).toMatchObject({
      price: '50000',
      quantity: '0.04',
      maker_fee: '2',
      taker_fee: '0.00008',
    });
    const orders = await db
      .selectFrom('trade_orders')
      .select(['id', 'status', 'filled'])
      .orderBy('id')
      .execute();
    expect(orders.map((o) => [Number(o.id), o.status, o.filled])).toEqual([
      [ask.seq, 'open', '0.04'],
      [bid.seq, 'filled', '0.04'],
      [cancel.seq, 'cancelled', '0'],
    ]);
    expect((await auditLedger(db)).violations).toEqual([]);

    const again = await openHost(dir);
    expect(again.stateHash()).toBe(hash);
    expect(again.seq).toBe(cancelled.seq);
    await again.close();
  });

  it('refuses bad requests with a reason, before sequencing, changing nothing', async () => {
    current = await create();
    database = current.open();
    await migrateToLatest(database.db);
    const host = await openHost(engineDir());
    await host.deposit('alice', 'USDT', '100', 'dep-1');
    const seq = host.seq;
    const order = { user: 'alice', market: 'BTC-USDT', side: 'buy', kind: 'limit' } as const;
    const cases: Array<[Partial<Parameters<EngineHost['placeOrder']>[0]>, string]> = [
      [{ price: '100', quantity: '0' }, 'zero'],
      [{ price: '100', quantity: '-1' }, 'negative'],
      [{ price: '100', quantity: '1e3' }, 'invalid_number'],
      [{ price: 'NaN', quantity: '1' }, 'invalid_number'],
      [{ price: '100.0000001', quantity: '1' }, 'too_many_decimals'],
      [{ price: '100.005', quantity: '1' }, 'off_tick'],
      [{ price: '100', quantity: '0.000000001' }, 'too_many_decimals'],
      [{ price: '100', quantity: '0.00015' }, 'off_lot'],
      [{ price: '100', quantity: '1000000000' }, 'too_large'],
      [{ market: 'DOGE-USDT', price: '1', quantity: '1' }, 'unknown_market'],
    ];
    for (const [fields, reason] of cases) {
      const ack = await host.placeOrder({ ...order, ...fields });
      expect(ack).toMatchObject({ seq: null, events: [{ type: 'rejected', reason }] });
    }
    expect(host.seq).toBe(seq);
    const tabbed = await host.placeOrder({
      ...order,
      user: 'al\tice',
      price: '100',
      quantity: '1',
    });
    expect(tabbed).toMatchObject({ seq: null, events: [{ type: 'rejected', field: 'user' }] });
    const poor = await host.placeOrder({ ...order, price: '100', quantity: '2' });
    expect(poor.events).toEqual([{ type: 'rejected', reason: 'insufficient_balance' }]);
    const foreign = await host.cancelOrder('bob', 'BTC-USDT', 1);
    expect(foreign.events).toEqual([{ type: 'rejected', reason: 'order_not_open' }]);
    expect(host.balances('alice')).toEqual([
      { asset: 'BTC', available: '0', held: '0' },
      { asset: 'USDT', available: '100', held: '0' },
    ]);
    await host.close();
  });
});
