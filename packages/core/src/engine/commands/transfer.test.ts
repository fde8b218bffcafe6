import { describe, expect, it } from 'vitest';
import { userAccount } from '../../ledger/accounts.ts';
import type { Posting } from '../../ledger/posting.ts';
import { classTotals, verifyLedger } from '../../ledger/verify.ts';
import type { EngineCommand, TransferCommand, TransferWallet } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { BTC, BTC_USDT, CommandStream, newEngine, USDT } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const USER = '7';
const available = (wallet: TransferWallet, asset = 'USDT', user = USER) =>
  userAccount(user, asset, 'available', wallet);

function transfer(
  s: CommandStream,
  from: TransferWallet,
  to: TransferWallet,
  amount: bigint,
  ref: string,
  fields: Partial<TransferCommand> = {},
): TransferCommand {
  return {
    type: 'transfer',
    seq: ++s.seq,
    ts: ++s.ts,
    user: USER,
    asset: 'USDT',
    from,
    to,
    amount,
    ref,
    ...fields,
  };
}

/** Applies commands, keeping every posting, and answers each command's events. */
function run(engine: TradingEngine, commands: EngineCommand[], postings: Posting[] = []) {
  return commands.map((cmd) => {
    const result = engine.apply(cmd);
    postings.push(...result.postings.toArray());
    return result.events;
  });
}

const rejection = (events: EngineEvent[]) =>
  events.find((e) => e.type === 'rejected')?.type === 'rejected'
    ? (events[0] as { reason: string }).reason
    : undefined;

describe('transfer command', () => {
  it('moves available to available between two wallets of one user, once per reference', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const postings: Posting[] = [];
    const events = run(
      engine,
      [
        s.deposit(USER, 'USDT', 10_000_000n),
        transfer(s, 'spot', 'contract', 2_500_000n, 't1'),
        transfer(s, 'contract', 'finance', 1_000_000n, 't2'),
        transfer(s, 'spot', 'contract', 2_500_000n, 't1'),
      ],
      postings,
    );
    expect(events[1]).toEqual([
      {
        type: 'transferred',
        user: USER,
        asset: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: 2_500_000n,
        ref: 't1',
      },
    ]);
    expect(rejection(events[3]!)).toBe('duplicate_reference');
    expect(engine.ledger.balance(available('spot'))).toBe(7_500_000n);
    expect(engine.ledger.balance(available('contract'))).toBe(1_500_000n);
    expect(engine.ledger.balance(available('finance'))).toBe(1_000_000n);
    // The postings are the transfer's own, with its reason and reference.
    const moved = postings.filter((p) => p.reason === 'transfer');
    expect(moved.map((p) => [p.from, p.to, p.amount, p.refKind, p.refId])).toEqual([
      [available('spot'), available('contract'), 2_500_000n, 'transfer', 't1'],
      [available('contract'), available('finance'), 1_000_000n, 'transfer', 't2'],
    ]);
    // Ledger invariants: balanced, no rule broken, stored = rebuilt, all owed to the user.
    expect(verifyLedger(postings, engine.ledger.entries())).toEqual([]);
    const [usdt] = classTotals(engine.ledger.entries());
    expect(usdt!.userLiabilities).toBe(10_000_000n);
    expect(usdt!.totals.user + usdt!.totals.system).toBe(0n);
  });

  it('refuses whole, changing nothing, what it cannot do', () => {
    const engine = newEngine();
    const s = new CommandStream();
    run(engine, [s.deposit(USER, 'USDT', 1_000n), s.deposit(USER, 'BTC', 5n)]);
    const before = JSON.stringify({ ...engine.snapshot(), seq: 0 });
    const cases: Array<[TransferCommand, string]> = [
      [transfer(s, 'spot', 'contract', 1_001n, 'a'), 'insufficient_balance'],
      [transfer(s, 'contract', 'spot', 1n, 'b'), 'insufficient_balance'],
      [transfer(s, 'spot', 'spot', 1n, 'c'), 'invalid_account'],
      [transfer(s, 'spot', 'contract', 0n, 'd'), 'invalid_amount'],
      [transfer(s, 'spot', 'contract', -5n, 'e'), 'invalid_amount'],
      [transfer(s, 'spot', 'contract', 1n, 'f', { asset: 'DOGE' }), 'unknown_asset'],
      [transfer(s, 'spot', 'contract', 1n, 'g', { user: 'mm.btcusdt' }), 'invalid_account'],
      [transfer(s, 'spot', 'contract', 1n, 'h', { user: '8' }), 'insufficient_balance'],
      [transfer(s, 'spot', 'margin' as TransferWallet, 1n, 'i'), 'invalid_account'],
    ];
    for (const [cmd, reason] of cases) {
      const result = engine.apply(cmd);
      expect(result.events).toEqual([{ type: 'rejected', reason }]);
      expect(result.postings.length).toBe(0);
    }
    // Refused transfers changed nothing but the sequence number.
    expect(JSON.stringify({ ...engine.snapshot(), seq: 0 })).toBe(before);
    expect(engine.ledger.balance(available('spot'))).toBe(1_000n);
    expect(engine.transferRefs.size).toBe(0);
  });

  it('never moves a held part: what open orders hold stays where it is', () => {
    const engine = newEngine();
    const s = new CommandStream();
    // 0.005 BTC, then a sell order of 50 lots (0.005 BTC) holds all of it.
    run(engine, [s.deposit(USER, 'BTC', 500_000n), s.limit(USER, 'sell', 300_000, 50)]);
    expect(engine.ledger.held(USER, 'BTC')).toBe(500_000n);
    const [events] = run(engine, [transfer(s, 'spot', 'finance', 1n, 'x', { asset: 'BTC' })]);
    expect(rejection(events!)).toBe('insufficient_balance');
  });

  it('round-trips through the journal record and replays to the same state', () => {
    const s = new CommandStream();
    const commands: EngineCommand[] = [
      s.deposit(USER, 'USDT', 5_000n),
      transfer(s, 'spot', 'finance', 1_234n, 'ref:with:colons'),
      transfer(s, 'finance', 'contract', 34n, 'r2'),
      transfer(s, 'finance', 'contract', 34n, 'r2'),
    ];
    for (const cmd of commands.slice(1)) {
      const line = encodeCommand(cmd);
      expect(line.startsWith('T\t')).toBe(true);
      expect(decodeCommand(line.slice(0, -1))).toEqual(cmd);
    }
    const live = newEngine();
    run(live, commands);
    const replayed = newEngine();
    for (const cmd of commands) replayed.apply(decodeCommand(encodeCommand(cmd).slice(0, -1))!);
    expect(replayed.stateHash()).toBe(live.stateHash());
    // A snapshot keeps the references: a transfer sent again after a restart stays refused.
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(live.snapshot())),
    );
    expect(restored.stateHash()).toBe(live.stateHash());
    expect(restored.transferRefs).toEqual(new Set(['ref:with:colons', 'r2']));
    const again = restored.apply(transfer(s, 'spot', 'finance', 1n, 'r2'));
    expect(again.events).toEqual([{ type: 'rejected', reason: 'duplicate_reference' }]);
  });

  it('decodes no record with an unknown wallet code or a field missing', () => {
    const s = new CommandStream();
    const line = encodeCommand(transfer(s, 'spot', 'contract', 1n, 'z')).slice(0, -1);
    const fields = line.split('\t');
    // tag, seq, ts, user, asset, from, to, amount, ref, checksum
    const bad = [...fields];
    bad[6] = 'mc';
    expect(fields[5]).toBe('1');
    expect(fields[6]).toBe('2');
    expect(decodeCommand(bad.join('\t'))).toBeUndefined();
  });
});
