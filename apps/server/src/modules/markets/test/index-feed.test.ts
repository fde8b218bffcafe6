import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../../kernel/db/database.ts';
import { migrateToLatest } from '../../../migrations.ts';
import { createCcxtIndexSource, priceUnits } from '../index-feed/ccxt.ts';
import { createSimulatedIndexSource } from '../index-feed/simulated.ts';
import type { IndexTick } from '../index-feed/source.ts';
import { createTickStore } from '../index-feed/tick-store.ts';
import { genesisMarkets } from '../genesis.ts';
import { testDatabases } from '../../../../test/helpers.ts';
import { fixtureExchange } from './fixture-exchange.ts';

const LISTED_MARKETS = genesisMarkets();
const listedMarket = (symbol: string) => LISTED_MARKETS.find((m) => m.symbol === symbol);

const T0 = Date.parse('2026-11-22T10:00:00Z');

function collect(source: ReturnType<typeof createSimulatedIndexSource>, count: number) {
  return new Promise<IndexTick[][]>((resolve) => {
    const batches: IndexTick[][] = [];
    source.start((ticks) => {
      batches.push(ticks);
      if (batches.length === count) {
        source.stop();
        resolve(batches);
      }
    });
  });
}

describe('simulated index', () => {
  const simulated = (deploymentId: string) =>
    createSimulatedIndexSource({
      markets: LISTED_MARKETS,
      deploymentId,
      tickMs: 5,
      now: () => T0,
    });

  it('ticks every market, and the same deployment replays the same path', async () => {
    const a = await collect(simulated('deployment-a'), 20);
    const b = await collect(simulated('deployment-a'), 20);
    const other = await collect(simulated('deployment-b'), 20);
    expect(a[0]!.map((t) => t.symbol)).toEqual(LISTED_MARKETS.map((m) => m.symbol));
    expect(a).toEqual(b);
    expect(other).not.toEqual(a);
  });

  it('starts from the reference price and moves realistically', async () => {
    const batches = await collect(simulated('deployment-a'), 60);
    const btc = batches.map((b) => b.find((t) => t.symbol === 'btcusdt')!.price);
    // 65000 USDT in minor units; a minute of 0.025% steps stays within a few percent.
    expect(btc[0]! > 63_000_000_000n && btc[0]! < 67_000_000_000n).toBe(true);
    expect(new Set(btc).size).toBeGreaterThan(30);
    for (const p of btc) expect(p > 58_000_000_000n && p < 72_000_000_000n).toBe(true);
  });

  it('resumes from a stored price', async () => {
    const source = createSimulatedIndexSource({
      markets: [listedMarket('ethusdt')!],
      deploymentId: 'deployment-a',
      tickMs: 5,
      resumeFrom: new Map([['ethusdt', 4_000_000_000n]]),
      now: () => T0,
    });
    const [first] = await collect(source, 1);
    const price = first![0]!.price;
    expect(price > 3_900_000_000n && price < 4_100_000_000n).toBe(true);
  });
});

describe('ccxt index (recorded fixture, no network)', () => {
  it('turns recorded tickers into integer prices and skips what it cannot use', async () => {
    const exchange = fixtureExchange();
    const errors: unknown[] = [];
    const source = createCcxtIndexSource({
      exchangeId: 'binance',
      exchange,
      markets: LISTED_MARKETS,
      pollMs: 5,
      onError: (e) => errors.push(e),
    });
    expect(source.name).toBe('ccxt:binance');
    expect(source.simulated).toBe(false);
    const batches: IndexTick[][] = [];
    await new Promise<void>((resolve) => {
      source.start((ticks) => {
        batches.push(ticks);
        if (batches.length === 2) resolve();
      });
    });
    source.stop();
    expect(exchange.asked[0]).toContain('BTC/USDT');
    expect(exchange.asked[0]).toContain('LINK/USDT');
    expect(batches[0]).toEqual([
      { symbol: 'btcusdt', time: 1795341600000, price: 91_234_560_000n },
      { symbol: 'ethusdt', time: 1795341600000, price: 3_021_170_000n },
      { symbol: 'dogeusdt', time: 1795341600000, price: 158_730n },
    ]);
    // A price below the quote's precision is dropped, not stored as zero.
    expect(batches[1]!.map((t) => t.symbol)).toEqual(['btcusdt', 'ethusdt']);
    expect(errors).toEqual([]);
  });

  it('reports a failed poll and carries on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const source = createCcxtIndexSource({
      exchangeId: 'binance',
      exchange: {
        fetchTickers: async () => {
          calls++;
          throw new Error('exchange unavailable');
        },
      },
      markets: LISTED_MARKETS,
      pollMs: 5,
      onError: (e) => errors.push(e),
    });
    source.start(() => {
      throw new Error('no ticks expected');
    });
    await new Promise((r) => setTimeout(r, 30));
    source.stop();
    expect(calls).toBeGreaterThan(1);
    expect(errors.length).toBe(calls);
  });

  it('converts ccxt numbers at the boundary only', () => {
    expect(priceUnits(0.15873, 6)).toBe(158_730n);
    expect(priceUnits(91234.56, 6)).toBe(91_234_560_000n);
    expect(priceUnits(Number.NaN, 6)).toBeNull();
    expect(priceUnits(-1, 6)).toBeNull();
    expect(priceUnits(1e-9, 6)).toBeNull();
  });
});

describe.each(testDatabases())('index tick store ($name)', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const test = await kind.create();
    dispose = test.dispose;
    database = test.open();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await dispose();
  });

  it('persists ticks, finds the settlement tick and forgets ticks past retention', async () => {
    const store = createTickStore(database.db, 3_600_000);
    await store.save(
      [
        { symbol: 'btcusdt', time: T0, price: 65_000_120_000n },
        { symbol: 'ethusdt', time: T0, price: 3_200_000_000n },
      ],
      'simulated',
    );
    await store.save([{ symbol: 'btcusdt', time: T0 + 1000, price: 65_001_000_000n }], 'simulated');
    // The same tick again is not a second tick.
    await store.save([{ symbol: 'btcusdt', time: T0 + 1000, price: 1n }], 'simulated');
    expect(await store.latest()).toEqual(
      new Map([
        ['btcusdt', 65_001_000_000n],
        ['ethusdt', 3_200_000_000n],
      ]),
    );
    expect(await store.firstAtOrAfter('btcusdt', T0 + 1)).toEqual({
      symbol: 'btcusdt',
      time: T0 + 1000,
      price: '65001',
      source: 'simulated',
    });
    await store.prune(T0 + 3_600_500);
    expect(await store.firstAtOrAfter('btcusdt', 0)).toMatchObject({ time: T0 + 1000 });
    expect(await store.firstAtOrAfter('ethusdt', 0)).toBeUndefined();
  });
});
