import { describe, expect, it } from 'vitest';
import { marketMakingAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import { classTotals } from '../../ledger/verify.ts';
import type { EngineCommand } from '../../matching/commands.ts';
import { BTC_USDT, CommandStream, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const CAPITAL = systemAccount('operator_capital', 'USDT');
const MAKER = 'mm.btc-usdt';
const MAKER_USDT = marketMakingAccount(MAKER, 'USDT', 'available');

/** Applies commands to a fresh engine after a round trip through the journal codec. */
function replay(commands: EngineCommand[]): TradingEngine {
  const engine = newEngine();
  for (const cmd of commands) engine.apply(decodeCommand(encodeCommand(cmd).slice(0, -1))!);
  return engine;
}

describe('market-making accounts', () => {
  it('are funded from operator capital and never count as user liabilities', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds = [
      s.adjust(CAPITAL, MAKER_USDT, 1_000_000n, 'mm-funding:btc-usdt:USDT'),
      s.deposit('alice', 'BTC', 50_000n),
      s.limit(MAKER, 'buy', 100, 10, 'POST_ONLY'),
      s.limit('alice', 'sell', 100, 4, 'IOC'),
    ];
    for (const cmd of cmds) engine.apply(cmd);
    // The maker's order held from and filled into its own class of account.
    expect(engine.ledger.held(MAKER, 'USDT')).toBe(600n);
    expect(engine.ledger.balance(marketMakingAccount(MAKER, 'USDT', 'held'))).toBe(600n);
    expect(engine.ledger.balance(userAccount(MAKER, 'USDT', 'held'))).toBe(0n);
    expect(engine.ledger.available(MAKER, 'BTC')).toBeGreaterThan(0n);
    const usdt = classTotals(engine.ledger.entries()).find((t) => t.asset === 'USDT')!;
    // Alice's proceeds are the only USDT the platform owes a user.
    expect(usdt.userLiabilities).toBe(engine.ledger.available('alice', 'USDT'));
    expect(usdt.totals.market_making).toBe(engine.ledger.available(MAKER, 'USDT') + 600n);
    expect(replay(cmds).stateHash()).toBe(engine.stateHash());
  });

  it('cannot be credited by a deposit from the users’ float', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmd = { ...s.deposit(MAKER, 'USDT', 5n) };
    expect(engine.apply(cmd).events).toEqual([{ type: 'rejected', reason: 'invalid_account' }]);
    expect({ ...engine.snapshot(), seq: 0 }).toEqual({ ...newEngine().snapshot(), seq: 0 });
  });
});

describe('adjustments', () => {
  it('apply once per reference, and the reference survives a snapshot', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const first = engine.apply(s.adjust(CAPITAL, MAKER_USDT, 700n, 'fund-1'));
    expect(first.events).toEqual([
      {
        type: 'adjusted',
        from: CAPITAL,
        to: MAKER_USDT,
        asset: 'USDT',
        amount: 700n,
        ref: 'fund-1',
      },
    ]);
    const restored = new TradingEngine(
      { assets: [...['BTC', 'USDT'].map((c) => engine.asset(c)!)], markets: [BTC_USDT] },
      engine.snapshot(),
    );
    const again = restored.apply(s.adjust(CAPITAL, MAKER_USDT, 700n, 'fund-1'));
    expect(again.events).toEqual([{ type: 'rejected', reason: 'duplicate_reference' }]);
    expect(again.postings.toArray()).toEqual([]);
    expect(restored.ledger.balance(MAKER_USDT)).toBe(700n);
  });

  it.each<[string, (s: CommandStream) => EngineCommand, string]>([
    [
      'a held part',
      (s) => s.adjust(CAPITAL, userAccount('bob', 'USDT', 'held'), 5n, 'r'),
      'invalid_account',
    ],
    [
      'two assets',
      (s) => s.adjust(CAPITAL, userAccount('bob', 'BTC', 'available'), 5n, 'r'),
      'invalid_account',
    ],
    ['one account twice', (s) => s.adjust(CAPITAL, CAPITAL, 5n, 'r'), 'invalid_account'],
    ['a key that is no account', (s) => s.adjust('x:y', CAPITAL, 5n, 'r'), 'invalid_account'],
    [
      'an unknown asset',
      (s) =>
        s.adjust(
          systemAccount('custody', 'DOGE'),
          systemAccount('platform_float', 'DOGE'),
          5n,
          'r',
        ),
      'unknown_asset',
    ],
    ['a zero amount', (s) => s.adjust(CAPITAL, MAKER_USDT, 0n, 'r'), 'invalid_amount'],
    [
      'more than a wallet has',
      (s) => s.adjust(userAccount('bob', 'USDT', 'available'), CAPITAL, 1n, 'r'),
      'insufficient_balance',
    ],
  ])('refuse %s and change nothing', (_name, build, reason) => {
    const engine = newEngine();
    const s = new CommandStream();
    // Bob had money once and has none now.
    engine.apply(s.deposit('bob', 'USDT', 1n));
    engine.apply(s.adjust(userAccount('bob', 'USDT', 'available'), CAPITAL, 1n, 'drain'));
    const before = { ...engine.snapshot(), seq: 0 };
    const result = engine.apply(build(s));
    expect(result.events).toEqual([{ type: 'rejected', reason }]);
    expect(result.postings.toArray()).toEqual([]);
    expect({ ...engine.snapshot(), seq: 0 }).toEqual(before);
  });
});

describe('index prices', () => {
  it('enter the state through the journal and replay to the same state hash', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds = [
      s.index(65_000_000_000n),
      s.deposit('alice', 'USDT', 10_000n),
      s.index(65_010_000_000n),
    ];
    for (const cmd of cmds) engine.apply(cmd);
    expect(engine.market(BTC_USDT.symbol)!.indexPrice).toBe(65_010_000_000n);
    expect(engine.snapshot().markets[0]!.index).toBe('65010000000');
    expect(replay(cmds).stateHash()).toBe(engine.stateHash());
    const restored = new TradingEngine(
      { assets: ['BTC', 'USDT'].map((c) => engine.asset(c)!), markets: [BTC_USDT] },
      engine.snapshot(),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
  });

  it('refuse a tick naming an unknown market or a zero price, whole', () => {
    const engine = newEngine();
    const s = new CommandStream();
    engine.apply(s.index(100n));
    const unknown: EngineCommand = {
      type: 'index',
      seq: ++s.seq,
      ts: ++s.ts,
      prices: [
        [BTC_USDT.symbol, 200n],
        ['NOPE', 5n],
      ],
    };
    expect(engine.apply(unknown).events).toEqual([{ type: 'rejected', reason: 'unknown_market' }]);
    expect(engine.apply(s.index(0n)).events).toEqual([
      { type: 'rejected', reason: 'invalid_price' },
    ]);
    expect(engine.market(BTC_USDT.symbol)!.indexPrice).toBe(100n);
  });

  it('leave a snapshot without ticks as it was before they existed', () => {
    expect(newEngine().snapshot().markets[0]).not.toHaveProperty('index');
  });
});
