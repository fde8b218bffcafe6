import { describe, expect, it } from 'vitest';
import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import type {
  AdjustCommand,
  EngineCommand,
  IndexCommand,
  SecondsOpenCommand,
} from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { BTC_USDT, CommandStream, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';
import { SECONDS_HELD_POOL, SECONDS_POOL } from './seconds.ts';

const M = BTC_USDT.symbol;
const POOL = poolAccount(SECONDS_POOL, 'USDT');
const HELD = poolAccount(SECONDS_HELD_POOL, 'USDT');
const FEES = systemAccount('fee_revenue', 'USDT');
const FUND = systemAccount('security_fund', 'USDT');
const USDT = 1_000_000n;

class Stream extends CommandStream {
  tick(price: bigint, ts = ++this.ts): IndexCommand {
    this.ts = ts;
    return { type: 'index', seq: ++this.seq, ts, prices: [[M, price]] };
  }

  fund(amount: bigint): AdjustCommand {
    return {
      type: 'adjust',
      seq: ++this.seq,
      ts: ++this.ts,
      from: systemAccount('operator_capital', 'USDT'),
      to: POOL,
      amount,
      ref: `fund${this.seq}`,
    };
  }

  open(
    user: string,
    direction: 'up' | 'down',
    stake: bigint,
    extra: Partial<SecondsOpenCommand> = {},
  ): SecondsOpenCommand {
    return {
      type: 'seconds-open',
      seq: ++this.seq,
      ts: ++this.ts,
      user,
      market: M,
      direction,
      stake,
      charge: stake / 500n,
      profitBps: 2_000,
      lossBps: 2_000,
      period: 30,
      ...extra,
    };
  }
}

function run(engine: TradingEngine, cmds: EngineCommand[]): EngineEvent[] {
  return cmds.flatMap((c) => engine.apply(c).events);
}

function replay(cmds: EngineCommand[]): TradingEngine {
  const engine = newEngine();
  for (const cmd of cmds) engine.apply(decodeCommand(encodeCommand(cmd).slice(0, -1))!);
  return engine;
}

/** A user with 1000 USDT, a pool of 10,000 USDT and a first index tick at 65000. */
function setUp() {
  const s = new Stream();
  const cmds: EngineCommand[] = [
    s.deposit('7', 'USDT', 1_000n * USDT),
    s.fund(10_000n * USDT),
    s.tick(65_000n * USDT),
  ];
  const engine = newEngine();
  run(engine, cmds);
  return { s, engine, cmds };
}

const available = (e: TradingEngine, user = '7') =>
  e.ledger.balance(userAccount(user, 'USDT', 'available'));

describe('second contracts in the engine', () => {
  it('a win pays stake + 20 % from the pool, the charge to fees with a tenth to the fund', () => {
    const { s, engine } = setUp();
    const open = s.open('7', 'up', 100n * USDT);
    const [opened] = run(engine, [open]);
    expect(opened).toMatchObject({
      type: 'seconds_opened',
      contract: { openPrice: 65_000n * USDT, expiry: open.ts + 30_000 },
    });
    expect(available(engine)).toBe(899_800_000n);
    expect(engine.ledger.balance(HELD)).toBe(100_200_000n);
    // A tick before expiry settles nothing; the first one at or after it does.
    expect(run(engine, [s.tick(64_000n * USDT, open.ts + 29_999)])).toEqual([]);
    const [settled] = run(engine, [s.tick(65_000n * USDT + 1n, open.ts + 30_000)]);
    expect(settled).toMatchObject({
      type: 'seconds_settled',
      outcome: 'win',
      payout: 120_000_000n,
      pnl: 20_000_000n,
      closePrice: 65_000n * USDT + 1n,
      closeTickSeq: s.seq,
    });
    expect(available(engine)).toBe(1_019_800_000n);
    expect(engine.ledger.balance(POOL)).toBe(9_980_000_000n);
    expect(engine.ledger.balance(HELD)).toBe(0n);
    expect(engine.ledger.balance(FEES)).toBe(180_000n);
    expect(engine.ledger.balance(FUND)).toBe(20_000n);
  });

  it('a loss forfeits stake x loss rate to the pool; a tie returns the stake', () => {
    const { s, engine } = setUp();
    const lose = s.open('7', 'up', 100n * USDT);
    const tie = s.open('7', 'down', 50n * USDT);
    run(engine, [lose, tie]);
    const events = run(engine, [s.tick(65_000n * USDT - 1n, lose.ts + 40_000)]);
    // The up contract loses against the lower close; the down contract wins on it.
    expect(events.map((e) => e.type === 'seconds_settled' && [e.outcome, e.payout])).toEqual([
      ['loss', 80_000_000n],
      ['win', 60_000_000n],
    ]);
    expect(available(engine)).toBe(1_000n * USDT - 300_000n - 20n * USDT + 10n * USDT);
    expect(engine.ledger.balance(POOL)).toBe(10_010n * USDT);
    const t = new Stream();
    t.seq = s.seq;
    t.ts = s.ts;
    const even = t.open('7', 'up', 10n * USDT);
    run(engine, [even]);
    const [settled] = run(engine, [t.tick(65_000n * USDT - 1n, even.ts + 30_000)]);
    expect(settled).toMatchObject({ outcome: 'tie', payout: 10n * USDT, pnl: 0n });
  });

  it('refuses with nothing moved: no balance, the pool unable to pay, bad terms, no index', () => {
    const { s, engine } = setUp();
    const before = engine.stateHash();
    const refusals = run(engine, [
      s.open('7', 'up', 999n * USDT),
      s.open('8', 'up', 1n * USDT),
      s.open('7', 'up', 0n),
      s.open('7', 'up', 1n * USDT, { lossBps: 10_001 }),
      s.open('7', 'up', 1n * USDT, { period: 0 }),
      s.open('7', 'up', 1n * USDT, { market: 'nope' }),
    ]);
    expect(refusals.map((e) => e.type === 'rejected' && e.reason)).toEqual([
      'insufficient_balance',
      'insufficient_balance',
      'invalid_amount',
      'invalid_amount',
      'invalid_amount',
      'unknown_market',
    ]);
    // The pool holds 10,000: at 100 % profit, open wins may total 10,000 and no more.
    const big = { profitBps: 10_000, charge: 0n };
    run(engine, [s.deposit('9', 'USDT', 20_000n * USDT)]);
    expect(run(engine, [s.open('9', 'up', 6_000n * USDT, big)])[0]!.type).toBe('seconds_opened');
    expect(run(engine, [s.open('9', 'down', 4_000n * USDT + 1n, big)])[0]).toEqual({
      type: 'rejected',
      reason: 'pool_insufficient',
    });
    expect(run(engine, [s.open('9', 'down', 4_000n * USDT, big)])[0]!.type).toBe('seconds_opened');
    expect(before).not.toBe(engine.stateHash());
    const fresh = newEngine();
    const t = new Stream();
    run(fresh, [t.deposit('7', 'USDT', 10n * USDT), t.fund(10n * USDT)]);
    expect(run(fresh, [t.open('7', 'up', USDT)])[0]).toEqual({
      type: 'rejected',
      reason: 'no_index',
    });
  });

  it('settles 10,000 contracts expiring in the same second on one tick, each once', () => {
    const { s, engine, cmds } = setUp();
    const opens: EngineCommand[] = [
      s.deposit('8', 'USDT', 100_000n * USDT),
      s.deposit('7', 'USDT', 100_000n * USDT),
    ];
    const first = s.ts;
    for (let i = 0; i < 10_000; i++) {
      const c = s.open(i % 2 ? '7' : '8', i % 3 ? 'up' : 'down', USDT, { charge: 0n });
      c.ts = first + (i % 1000);
      opens.push(c);
    }
    s.ts = first + 1000;
    run(engine, opens);
    const tick = s.tick(65_001n * USDT, first + 31_000);
    const started = Date.now();
    const events = run(engine, [tick]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(events).toHaveLength(10_000);
    const ids = events.map((e) => (e.type === 'seconds_settled' ? e.contract.id : 0));
    expect(new Set(ids).size).toBe(10_000);
    expect(engine.seconds.open.size).toBe(0);
    expect(engine.ledger.balance(HELD)).toBe(0n);
    // The same commands replayed from the journal end in the same state.
    expect(replay([...cmds, ...opens, tick]).stateHash()).toBe(engine.stateHash());
    expect(run(engine, [s.tick(65_002n * USDT, first + 40_000)])).toEqual([]);
  });

  it('a snapshot with contracts open restores them and settles each once', () => {
    const { s, engine, cmds } = setUp();
    const open = s.open('7', 'down', 100n * USDT);
    run(engine, [open]);
    const restored = new TradingEngine(
      { assets: engine.assetList(), markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
    const tick = s.tick(64_000n * USDT, open.ts + 60_000);
    const live = run(engine, [tick]);
    expect(run(restored, [tick])).toEqual(live);
    expect(restored.stateHash()).toBe(engine.stateHash());
    expect(replay([...cmds, open, tick]).stateHash()).toBe(engine.stateHash());
    expect(available(restored)).toBe(1_000n * USDT - 200_000n + 20n * USDT);
  });
});
