import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineHost } from '../../../engine/engine-host.ts';
import { type Database } from '../../../kernel/db/database.ts';
import { migrateToLatest } from '../../../migrations.ts';
import { createCandleStore } from '../candles.ts';
import { MarketDataService } from '../market-data.ts';
import type { MarketUpdate } from '../feed.ts';
import { GENESIS_ENGINE_CONFIG as ENGINE_CONFIG, genesisMarkets } from '../genesis.ts';
import { tempDir, testDatabases } from '../../../../test/helpers.ts';

// Two real users cross orders through the engine at chosen times; the candles and the
// 24-hour statistics must match the figures worked out by hand below.
const at = (iso: string) => Date.parse(iso);
const BTC = genesisMarkets().find((m) => m.symbol === 'btcusdt')!;

describe.each(testDatabases())('market data from real trades ($name)', (kind) => {
  let database: Database;
  let engine: EngineHost;
  let data: MarketDataService;
  let dispose: () => Promise<void>;
  let now = at('2026-11-22T10:00:00Z');
  const updates: MarketUpdate[] = [];

  async function cross(
    time: string,
    maker: 'alice' | 'bob',
    price: string,
    quantity: string,
  ): Promise<void> {
    now = at(time);
    const makerSide = maker === 'alice' ? 'sell' : 'buy';
    const taker = maker === 'alice' ? 'bob' : 'alice';
    const takerSide = makerSide === 'sell' ? 'buy' : 'sell';
    for (const [user, side] of [
      [maker, makerSide],
      [taker, takerSide],
    ] as const) {
      const ack = await engine.placeOrder({
        user,
        market: 'btcusdt',
        side,
        kind: 'limit',
        price,
        quantity,
      });
      expect(ack.events.find((e) => e.type === 'rejected')).toBeUndefined();
    }
  }

  beforeAll(async () => {
    const test = await kind.create();
    dispose = test.dispose;
    database = test.open();
    await migrateToLatest(database.db);
    engine = await EngineHost.open({ dir: tempDir(), config: ENGINE_CONFIG, clock: () => now });
    data = await MarketDataService.open({
      db: database.db,
      engine,
      markets: [BTC],
      candles: createCandleStore(database.db),
      now: () => now,
    });
    data.subscribe((u) => updates.push(u));
    await engine.deposit('alice', 'BTC', '1', 'test-alice');
    await engine.deposit('bob', 'USDT', '100000', 'test-bob');

    // 10:00 — 65000 × 0.01 (650), 65100 × 0.02 (1302), 64900 × 0.005 (324.5, taker sells)
    await cross('2026-11-22T10:00:05Z', 'alice', '65000', '0.01');
    await cross('2026-11-22T10:00:30Z', 'alice', '65100', '0.02');
    await cross('2026-11-22T10:00:50Z', 'bob', '64900', '0.005');
    // 10:01 — 65050 × 0.03 (1951.5)
    await cross('2026-11-22T10:01:10Z', 'alice', '65050', '0.03');
    // 10:05 — 65200 × 0.01 (652)
    await cross('2026-11-22T10:05:00Z', 'alice', '65200', '0.01');
    now = at('2026-11-22T10:06:00Z');
  });

  afterAll(async () => {
    await data.close();
    await engine.close();
    await database.close();
    await dispose();
  });

  it('folds 1m candles as computed by hand', async () => {
    expect(await data.candles('btcusdt', '1m', 10)).toEqual([
      {
        time: at('2026-11-22T10:00:00Z'),
        open: '65000',
        high: '65100',
        low: '64900',
        close: '64900',
        volume: '0.035',
        amount: '2276.5',
      },
      {
        time: at('2026-11-22T10:01:00Z'),
        open: '65050',
        high: '65050',
        low: '65050',
        close: '65050',
        volume: '0.03',
        amount: '1951.5',
      },
      {
        time: at('2026-11-22T10:05:00Z'),
        open: '65200',
        high: '65200',
        low: '65200',
        close: '65200',
        volume: '0.01',
        amount: '652',
      },
    ]);
  });

  it('folds the longer intervals from the same trades', async () => {
    expect(await data.candles('btcusdt', '5m', 10)).toEqual([
      {
        time: at('2026-11-22T10:00:00Z'),
        open: '65000',
        high: '65100',
        low: '64900',
        close: '65050',
        volume: '0.065',
        amount: '4228',
      },
      {
        time: at('2026-11-22T10:05:00Z'),
        open: '65200',
        high: '65200',
        low: '65200',
        close: '65200',
        volume: '0.01',
        amount: '652',
      },
    ]);
    for (const interval of ['1h', '1d', '1w', '1M'] as const) {
      const [candle] = await data.candles('btcusdt', interval, 10);
      expect(candle).toMatchObject({
        open: '65000',
        high: '65200',
        low: '64900',
        close: '65200',
        volume: '0.075',
        amount: '4880',
      });
    }
  });

  it('persists the candles it folded', async () => {
    await data.flush();
    const stored = await createCandleStore(database.db).list(BTC, '1m', 10);
    expect(stored.map((c) => [c.openTime, c.close, c.volume, c.trades])).toEqual([
      [at('2026-11-22T10:00:00Z'), 64_900_000_000n, 3_500_000n, 3],
      [at('2026-11-22T10:01:00Z'), 65_050_000_000n, 3_000_000n, 1],
      [at('2026-11-22T10:05:00Z'), 65_200_000_000n, 1_000_000n, 1],
    ]);
    // A restarted service reads the same candles back.
    const again = await MarketDataService.open({
      db: database.db,
      engine: { onDurable: () => () => undefined, depth: () => undefined },
      markets: [BTC],
      candles: createCandleStore(database.db),
      now: () => now,
    });
    expect(await again.candles('btcusdt', '5m', 10)).toEqual(
      await data.candles('btcusdt', '5m', 10),
    );
    expect(again.ticker('btcusdt')?.priceChangePercent).toBe('0.31');
    await again.close();
  });

  it('computes the 24-hour statistics', () => {
    expect(data.ticker('btcusdt')).toMatchObject({
      symbol: 'btcusdt',
      close: '65200',
      open: '65000',
      openPrice: '65000',
      high: '65200',
      low: '64900',
      high24: '65200',
      low24: '64900',
      volume: '0.075',
      volume24: '4880',
      change: '200',
      // 200 / 65000 = 0.3077 %
      priceChangePercent: '0.31',
      indexPrice: null,
      time: now,
    });
  });

  it('keeps recent trades newest first, with the taker side', () => {
    const trades = data.trades('btcusdt', 10);
    expect(trades.map((t) => [t.price, t.amount, t.direction])).toEqual([
      ['65200', '0.01', 'buy'],
      ['65050', '0.03', 'buy'],
      ['64900', '0.005', 'sell'],
      ['65100', '0.02', 'buy'],
      ['65000', '0.01', 'buy'],
    ]);
    expect(data.trades('btcusdt', 2)).toHaveLength(2);
  });

  it('tells subscribers about trades, candles and tickers', () => {
    expect(updates.some((u) => u.type === 'trades' && u.symbol === 'btcusdt')).toBe(true);
    expect(updates.some((u) => u.type === 'candle' && u.interval === '1M')).toBe(true);
    expect(updates.filter((u) => u.type === 'ticker').at(-1)).toMatchObject({
      data: { close: '65200' },
    });
  });

  it('reads depth from the book', async () => {
    await engine.placeOrder({
      user: 'bob',
      market: 'btcusdt',
      side: 'buy',
      kind: 'limit',
      price: '60000',
      quantity: '0.1',
    });
    // The book is read again on the depth timer, not at once: wait for that tick (on a
    // loaded machine it came after the read).
    await vi.waitFor(() => expect(data.depth('btcusdt', 5)!.bids[0]).toEqual(['60000', '0.1']));
    expect(data.depth('btcusdt', 5)!.asks).toEqual([]);
  });

  it('a day later, with no trades, shows the last price with no volume and a signed change', () => {
    now = at('2026-11-23T10:30:00Z');
    expect(data.ticker('btcusdt')).toMatchObject({
      close: '65200',
      open: '65200',
      volume: '0',
      change: '0',
      priceChangePercent: '0.00',
    });
  });
});
