import { describe, expect, it } from 'vitest';
import type { EngineCommand } from '../../matching/commands.ts';
import { BTC, BTC_USDT, CommandStream, newEngine, USDT } from '../../matching/fixtures.ts';
import { TradingEngine, type EngineSnapshot } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const CONFIG = { assets: [BTC, USDT], markets: [BTC_USDT] };

/** Applies commands to a fresh engine after a round trip through the journal codec. */
function replay(commands: EngineCommand[], snapshot?: EngineSnapshot): TradingEngine {
  const engine = new TradingEngine(CONFIG, snapshot);
  for (const cmd of commands) engine.apply(decodeCommand(encodeCommand(cmd).slice(0, -1))!);
  return engine;
}

/** ETH listed, ETH/USDT listed, alice with USDT and bob with ETH. */
function listed(s: CommandStream): EngineCommand[] {
  return [
    s.listAsset('ETH', 8, 10n ** 16n),
    s.listMarket(),
    s.deposit('alice', 'USDT', 1_000_000_000n),
    s.deposit('bob', 'ETH', 1_000_000_000n),
  ];
}

describe('catalogue commands in the journal', () => {
  it('round-trip, one line each, with their tags', () => {
    const s = new CommandStream();
    const commands: EngineCommand[] = [
      s.listAsset('ETH', 8, 10n ** 16n),
      s.listMarket({ state: 'paused', makerFeeBps: 0 }),
      s.marketState('paused'),
      s.marketState('trading', 'ethusdt'),
      s.fees(5, 15, 'fee-change:7', 'ethusdt'),
    ];
    const tags = commands.map((cmd) => encodeCommand(cmd).split('\t')[0]);
    expect(tags).toEqual(['A', 'M', 'S', 'S', 'F']);
    for (const cmd of commands) {
      const line = encodeCommand(cmd);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(decodeCommand(line.slice(0, -1))).toEqual(cmd);
    }
  });

  it('refuse records with a field that is not theirs', () => {
    const s = new CommandStream();
    const reseal = (body: string) => `${body}\t${fnv1a(body)}`;
    const body = (cmd: EngineCommand) => {
      const line = encodeCommand(cmd).slice(0, -1);
      return line.slice(0, line.lastIndexOf('\t'));
    };
    expect(decodeCommand(reseal(body(s.marketState('paused')).replace('paused', 'halted')))).toBe(
      undefined,
    );
    expect(decodeCommand(reseal(body(s.fees(5, 15, 'r')).replace('\t5\t', '\t-5\t')))).toBe(
      undefined,
    );
    expect(decodeCommand(reseal(`${body(s.listAsset('ETH', 8))}\textra`))).toBeUndefined();
  });
});

describe('listing', () => {
  it('lists an asset and a market that then trades, and replays to the same state', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds = listed(s);
    const results = cmds.map((cmd) => engine.apply(cmd));
    expect(results[0]!.events).toEqual([{ type: 'asset_listed', asset: 'ETH', decimals: 8 }]);
    expect(results[1]!.events).toMatchObject([
      { type: 'market_listed', market: 'ethusdt', state: 'trading' },
    ]);
    const trade = [
      s.place({
        user: 'bob',
        side: 'sell',
        kind: 'limit',
        price: 300_000,
        lots: 5,
        market: 'ethusdt',
      }),
      s.place({
        user: 'alice',
        side: 'buy',
        kind: 'limit',
        price: 300_000,
        lots: 2,
        market: 'ethusdt',
      }),
    ];
    const fill = trade.map((cmd) => engine.apply(cmd))[1]!;
    expect(fill.events.map((e) => e.type)).toEqual(['accepted', 'trade', 'filled']);
    // 2 lots of 0.001 ETH at 3000 USDT: alice pays 6 USDT and gets 0.002 ETH less 0.2%.
    expect(engine.ledger.available('alice', 'ETH')).toBe(200_000n - 400n);
    expect(engine.assetList().map((a) => a.code)).toEqual(['BTC', 'USDT', 'ETH']);

    const all = [...cmds, ...trade];
    expect(replay(all).stateHash()).toBe(engine.stateHash());
    // A snapshot carries the listings: restored on the configured catalogue alone.
    const restored = new TradingEngine(CONFIG, engine.snapshot());
    expect(restored.stateHash()).toBe(engine.stateHash());
    expect(restored.market('ethusdt')!.market.spec.lotSize).toBe(100_000n);
  });

  it.each<[string, (s: CommandStream) => EngineCommand, string]>([
    ['an asset listed twice', (s) => s.listAsset('BTC', 8), 'already_listed'],
    ['a lowercase asset code', (s) => s.listAsset('eth', 8), 'invalid_listing'],
    ['an asset code with a colon', (s) => s.listAsset('E:TH', 8), 'invalid_listing'],
    ['19 decimals', (s) => s.listAsset('ETH', 19), 'invalid_listing'],
    ['a zero maximum', (s) => s.listAsset('ETH', 8, 0n), 'invalid_listing'],
    ['a market listed twice', (s) => s.listMarket({ market: BTC_USDT.symbol }), 'already_listed'],
    ['a market of an unlisted coin', (s) => s.listMarket(), 'unknown_asset'],
    [
      'a market of one coin twice',
      (s) => s.listMarket({ market: 'btcbtc', quote: 'BTC', base: 'BTC' }),
      'invalid_listing',
    ],
    [
      'a tick × lot below a quote unit',
      (s) => s.listMarket({ market: 'btcusdt2', base: 'BTC', tickSize: 1n, lotSize: 1n }),
      'invalid_listing',
    ],
    [
      'a symbol an index record cannot carry',
      (s) => s.listMarket({ market: 'btc=usdt', base: 'BTC' }),
      'invalid_listing',
    ],
    [
      'a fee above 100%',
      (s) => s.listMarket({ market: 'btcusdt2', base: 'BTC', takerFeeBps: 10_001 }),
      'invalid_listing',
    ],
    ['a fee change of an unknown market', (s) => s.fees(1, 2, 'r', 'nope'), 'unknown_market'],
    ['a fee change above 100%', (s) => s.fees(1, 10_001, 'r'), 'invalid_listing'],
    [
      'a state change of an unknown market',
      (s) => s.marketState('paused', 'nope'),
      'unknown_market',
    ],
  ])('refuses %s and changes nothing', (_name, build, reason) => {
    const engine = newEngine();
    const s = new CommandStream();
    engine.apply(s.deposit('bob', 'USDT', 1n));
    const before = { ...engine.snapshot(), seq: 0 };
    const result = engine.apply(build(s));
    expect(result.events).toEqual([{ type: 'rejected', reason }]);
    expect(result.postings.toArray()).toEqual([]);
    expect({ ...engine.snapshot(), seq: 0 }).toEqual(before);
  });

  it('leaves a snapshot without listings, pauses or fee changes as it was before they existed', () => {
    const snapshot = newEngine().snapshot();
    for (const key of ['listedAssets', 'listedMarkets', 'feeRefs']) {
      expect(snapshot).not.toHaveProperty(key);
    }
    expect(snapshot.markets[0]).not.toHaveProperty('paused');
    expect(snapshot.markets[0]).not.toHaveProperty('fees');
  });
});

describe('a paused market', () => {
  it('refuses new orders, keeps open ones, takes cancels, and trades again once resumed', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds: EngineCommand[] = [
      s.deposit('alice', 'USDT', 1_000_000n),
      s.deposit('bob', 'BTC', 1_000_000n),
      s.limit('bob', 'sell', 100, 10),
      s.limit('bob', 'sell', 101, 10),
      s.marketState('paused'),
    ];
    for (const cmd of cmds) engine.apply(cmd);
    const refused = s.limit('alice', 'buy', 100, 1);
    expect(engine.apply(refused).events).toEqual([{ type: 'rejected', reason: 'market_paused' }]);
    expect(engine.market(BTC_USDT.symbol)!.live.size).toBe(2);
    const cancel = s.cancel('bob', 4);
    expect(engine.apply(cancel).events).toMatchObject([{ type: 'cancelled', orderId: 4 }]);
    const paused = new TradingEngine(CONFIG, engine.snapshot());
    expect(paused.market(BTC_USDT.symbol)!.paused).toBe(true);
    expect(engine.snapshot().markets[0]!.paused).toBe(true);

    const resume = s.marketState('trading');
    expect(engine.apply(resume).events).toEqual([
      { type: 'market_state', market: BTC_USDT.symbol, state: 'trading' },
    ]);
    const buy = s.limit('alice', 'buy', 100, 1);
    expect(engine.apply(buy).events.map((e) => e.type)).toEqual(['accepted', 'trade', 'filled']);
    expect(replay([...cmds, refused, cancel, resume, buy]).stateHash()).toBe(engine.stateHash());
  });
});

describe('a fee change', () => {
  it('applies from the next fill on, once per reference, across a snapshot', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds: EngineCommand[] = [
      s.deposit('alice', 'USDT', 1_000_000n),
      s.deposit('bob', 'BTC', 1_000_000n),
      s.limit('bob', 'sell', 100, 100),
      s.fees(0, 100, 'fee-change:1'),
    ];
    const results = cmds.map((cmd) => engine.apply(cmd));
    expect(results[3]!.events).toEqual([
      {
        type: 'fees_changed',
        market: BTC_USDT.symbol,
        makerFeeBps: 0,
        takerFeeBps: 100,
        ref: 'fee-change:1',
      },
    ]);
    const buy = s.limit('alice', 'buy', 100, 100);
    const trade = engine.apply(buy).events.find((e) => e.type === 'trade')!;
    // 100 lots = 0.01 BTC: the taker pays 1% of it, the maker nothing.
    expect(trade).toMatchObject({ takerFee: 10_000n, makerFee: 0n });
    expect(engine.snapshot().markets[0]!.fees).toEqual([0, 100]);

    const restored = new TradingEngine(CONFIG, engine.snapshot());
    expect(restored.stateHash()).toBe(engine.stateHash());
    const again = restored.apply(s.fees(50, 50, 'fee-change:1'));
    expect(again.events).toEqual([{ type: 'rejected', reason: 'duplicate_reference' }]);
    expect(restored.market(BTC_USDT.symbol)!.market.spec.takerFeeBps).toBe(100);
    expect(replay([...cmds, buy]).stateHash()).toBe(engine.stateHash());
    // The configured spec itself is never changed: it is what the journal starts from.
    expect(BTC_USDT.takerFeeBps).toBe(20);
  });
});

/** The journal's checksum, restated so a test can seal a record the codec would not write. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
