import { describe, expect, it } from 'vitest';
import { marketMakingAccount, systemAccount } from '../../ledger/accounts.ts';
import type { Posting } from '../../ledger/posting.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import type { EngineCommand, MakerHoldsCommand } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { CommandStream, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const MAKER = 'mm.btcusdt';
const USER = '7';
const makerAvailable = (asset: string) => marketMakingAccount(MAKER, asset, 'available');
const makerHeld = (asset: string) => marketMakingAccount(MAKER, asset, 'held');

const makerHolds = (s: CommandStream, makerTradesFeeFree = true): MakerHoldsCommand => ({
  type: 'maker-holds',
  seq: ++s.seq,
  ts: ++s.ts,
  makerTradesFeeFree,
});
const FLOW = 'mm.sim-flow';

function run(engine: TradingEngine, commands: EngineCommand[], postings: Posting[] = []) {
  return commands.map((cmd) => {
    const result = engine.apply(cmd);
    postings.push(...result.postings.toArray());
    return result.events;
  });
}

/** A maker funded from operator capital (100 USDT, 1 BTC) and a user with 50 USDT. */
function funded(s: CommandStream): EngineCommand[] {
  return [
    s.adjust(systemAccount('operator_capital', 'USDT'), makerAvailable('USDT'), 100_000_000n, 'f1'),
    s.adjust(systemAccount('operator_capital', 'BTC'), makerAvailable('BTC'), 100_000_000n, 'f2'),
    s.deposit(USER, 'USDT', 50_000_000n),
  ];
}

const rejected = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'rejected' ? [e.reason] : []));

describe('maker-holds command (market-making holds stay in the engine)', () => {
  it('journals as tag Q (version 2 with fee-free maker trades) and reads version 1 as it was', () => {
    const s = new CommandStream();
    const cmd = makerHolds(s);
    expect(encodeCommand(cmd).split('\t')[0]).toBe('Q.2');
    expect(decodeCommand(encodeCommand(cmd).slice(0, -1))).toEqual(cmd);
    const holdsOnly = makerHolds(s, false);
    expect(decodeCommand(encodeCommand(holdsOnly).slice(0, -1))).toEqual(holdsOnly);
    // A version-1 record, as journals written before version 2 hold it.
    const v1 = encodeCommand(holdsOnly)
      .slice(0, -1)
      .replace(/^Q\.2\t/, 'Q\t');
    const body = v1.slice(0, v1.lastIndexOf('\t'));
    let h = 0x811c9dc5;
    for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 0x01000193);
    expect(decodeCommand(`${body}\t${(h >>> 0).toString(36)}`)).toEqual(holdsOnly);
  });

  it('a trade between two market-making accounts charges no fee; a user still pays', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    run(
      engine,
      [
        ...funded(s),
        s.adjust(
          systemAccount('operator_capital', 'USDT'),
          marketMakingAccount(FLOW, 'USDT', 'available'),
          50_000_000n,
          'f3',
        ),
        makerHolds(s),
        s.limit(MAKER, 'sell', 200, 5_000),
      ],
      postings,
    );
    const before = postings.length;
    const [flowEvents] = run(
      engine,
      [s.place({ user: FLOW, side: 'buy', kind: 'market', lots: 100 })],
      postings,
    );
    const flowTrade = flowEvents!.find((e) => e.type === 'trade');
    expect(flowTrade).toMatchObject({ makerFee: 0n, takerFee: 0n });
    expect(postings.slice(before).map((p) => p.reason)).toEqual(['trade', 'trade']);

    const after = postings.length;
    const [userEvents] = run(engine, [s.limit(USER, 'buy', 200, 100)], postings);
    expect(userEvents!.find((e) => e.type === 'trade')).not.toMatchObject({ makerFee: 0n });
    const reasons = postings.slice(after).map((p) => p.reason);
    expect(reasons.filter((r) => r === 'fee')).toHaveLength(2);
    expect(verifyLedger(postings, engine.ledger.entries())).toEqual([]);
  });

  it('version 1 keeps the fees between market-making accounts (older journals replay so)', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    run(
      engine,
      [
        ...funded(s),
        s.adjust(
          systemAccount('operator_capital', 'USDT'),
          marketMakingAccount(FLOW, 'USDT', 'available'),
          50_000_000n,
          'f3',
        ),
        makerHolds(s, false),
        s.limit(MAKER, 'sell', 200, 5_000),
      ],
      postings,
    );
    const before = postings.length;
    run(engine, [s.place({ user: FLOW, side: 'buy', kind: 'market', lots: 100 })], postings);
    expect(postings.slice(before).some((p) => p.reason === 'fee')).toBe(true);
    expect(engine.snapshot()).not.toHaveProperty('makerTradesFeeFree');
  });

  it('gives back the held quotes once with release postings, then quotes post nothing', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    run(
      engine,
      [...funded(s), s.limit(MAKER, 'buy', 100, 1000), s.limit(MAKER, 'sell', 200, 500)],
      postings,
    );
    expect(engine.ledger.balance(makerHeld('USDT'))).toBe(100_000n);
    expect(engine.ledger.balance(makerHeld('BTC'))).toBe(5_000_000n);

    const before = postings.length;
    run(engine, [makerHolds(s)], postings);
    const switched = postings.slice(before);
    expect(switched.map((p) => p.reason)).toEqual(['release', 'release']);
    expect(engine.ledger.balance(makerHeld('USDT'))).toBe(0n);
    expect(engine.ledger.balance(makerHeld('BTC'))).toBe(0n);
    expect(engine.ledger.account(makerAvailable('USDT')).reserved).toBe(100_000n);

    // A requote: cancel both and place two more, and not one posting.
    const quiet = postings.length;
    const events = run(
      engine,
      [
        s.cancel(MAKER, 4),
        s.cancel(MAKER, 5),
        s.limit(MAKER, 'buy', 101, 1000),
        s.limit(MAKER, 'sell', 199, 500),
      ],
      postings,
    );
    expect(events.flat().filter((e) => e.type === 'cancelled')).toHaveLength(2);
    expect(postings.length).toBe(quiet);
    expect(engine.ledger.account(makerAvailable('USDT')).reserved).toBe(101_000n);

    // A second switch changes nothing.
    run(engine, [makerHolds(s)], postings);
    expect(postings.length).toBe(quiet);
    expect(verifyLedger(postings, engine.ledger.entries())).toEqual([]);
  });

  it('a user taking a maker quote settles from the maker available part; the user still holds', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    run(engine, [...funded(s), makerHolds(s), s.limit(MAKER, 'sell', 200, 500)], postings);
    const start = postings.length;
    const [events] = run(engine, [s.limit(USER, 'buy', 200, 300)], postings);
    expect(events!.some((e) => e.type === 'trade')).toBe(true);
    const made = postings.slice(start);
    // The user's hold posts; the maker's base leaves its available part straight to the buyer.
    expect(made.find((p) => p.reason === 'hold')?.from).toBe('u:7:1:a:USDT');
    const baseLeg = made.find((p) => p.reason === 'trade' && p.asset === 'BTC');
    expect(baseLeg?.from).toBe(makerAvailable('BTC'));
    expect(engine.ledger.account(makerAvailable('BTC')).reserved).toBe(2_000_000n);
    expect(verifyLedger(postings, engine.ledger.entries())).toEqual([]);
  });

  it('what a quote reserves cannot be quoted again or adjusted away', () => {
    const engine = newEngine();
    const s = new CommandStream();
    run(engine, [...funded(s), makerHolds(s), s.limit(MAKER, 'sell', 200, 9_000)]);
    // 1 BTC funded, 0.9 reserved: 0.2 more is refused, 0.1 is not.
    const [tooMuch, enough] = run(engine, [
      s.limit(MAKER, 'sell', 210, 2_000),
      s.limit(MAKER, 'sell', 210, 1_000),
    ]);
    expect(rejected(tooMuch!)).toEqual(['insufficient_balance']);
    expect(rejected(enough!)).toEqual([]);
    const [adjust] = run(engine, [
      s.adjust(makerAvailable('BTC'), systemAccount('operator_capital', 'BTC'), 1n, 'back'),
    ]);
    expect(rejected(adjust!)).toEqual(['insufficient_balance']);
  });

  it('a snapshot keeps the mode and rebuilds what open quotes reserve; replay gives the same state', () => {
    const s = new CommandStream();
    const commands: EngineCommand[] = [
      ...funded(s),
      s.limit(MAKER, 'buy', 100, 1000),
      makerHolds(s),
      s.limit(MAKER, 'sell', 200, 500),
      s.limit(USER, 'buy', 200, 100),
    ];
    const engine = newEngine();
    run(engine, commands);
    const snapshot = engine.snapshot();
    expect(snapshot.makerHoldsInEngine).toBe(true);
    expect(snapshot.makerTradesFeeFree).toBe(true);
    const restored = new TradingEngine(
      {
        assets: [...engine.assetList()].slice(0, 2),
        markets: [engine.market('BTC-USDT')!.market.spec],
      },
      JSON.parse(JSON.stringify(snapshot)),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
    expect(restored.ledger.account(makerAvailable('BTC')).reserved).toBe(
      engine.ledger.account(makerAvailable('BTC')).reserved,
    );
    expect(restored.ledger.account(makerAvailable('USDT')).reserved).toBe(100_000n);
    expect(restored.ledger.makerTradesFeeFree).toBe(true);
    const replayed = newEngine();
    run(replayed, commands);
    expect(replayed.stateHash()).toBe(engine.stateHash());
  });

  it('without the command, a journal replays as before: maker holds post and the snapshot has no flag', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    run(engine, [...funded(s), s.limit(MAKER, 'buy', 100, 1000), s.cancel(MAKER, 4)], postings);
    expect(postings.filter((p) => p.reason === 'hold' || p.reason === 'release')).toHaveLength(2);
    expect(engine.snapshot()).not.toHaveProperty('makerHoldsInEngine');
  });
});
