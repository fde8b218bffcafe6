import { describe, expect, it } from 'vitest';
import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import { classTotals } from '../../ledger/verify.ts';
import type { EngineCommand, WithdrawalCommand, WithdrawalStep } from '../../matching/commands.ts';
import { BTC, BTC_USDT, CommandStream, USDT, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';
import { sealRecord } from '../testing/seal.ts';

const POOL = poolAccount('withdrawals', 'USDT');
const AVAILABLE = userAccount('7', 'USDT', 'available');

function withdrawal(
  s: CommandStream,
  step: WithdrawalStep,
  amount: bigint,
  fee: bigint,
  ref: string,
  sink: WithdrawalCommand['sink'] = 'custody',
): WithdrawalCommand {
  return {
    type: 'withdrawal',
    seq: ++s.seq,
    ts: ++s.ts,
    step,
    user: '7',
    asset: 'USDT',
    amount,
    fee,
    ref,
    sink,
  };
}

function replay(commands: EngineCommand[]): TradingEngine {
  const engine = newEngine();
  for (const cmd of commands) engine.apply(decodeCommand(encodeCommand(cmd).slice(0, -1))!);
  return engine;
}

/** Every asset's postings sum to zero. */
function balanced(engine: TradingEngine): boolean {
  const sums = new Map<string, bigint>();
  for (const [key, value] of engine.ledger.entries()) {
    const asset = key.slice(key.lastIndexOf(':') + 1);
    sums.set(asset, (sums.get(asset) ?? 0n) + value);
  }
  return [...sums.values()].every((v) => v === 0n);
}

describe('withdrawal command', () => {
  it('pays a bank payout out of bank receipts, not custody', () => {
    const engine = newEngine();
    const s = new CommandStream();
    engine.apply(s.deposit('7', 'USDT', 10_000n));
    engine.apply(withdrawal(s, 'hold', 5_000n, 10n, 'b1:hold'));
    engine.apply(withdrawal(s, 'send', 5_000n, 10n, 'b1:send', 'bank_receipts'));
    expect(engine.ledger.balance(systemAccount('bank_receipts', 'USDT'))).toBe(5_000n);
    expect(engine.ledger.balance(systemAccount('custody', 'USDT'))).toBe(0n);
    expect(balanced(engine)).toBe(true);
  });

  it('reads a record from before sinks as a payout to custody', () => {
    const record = sealRecord('W\t9\t1700000000009\tsend\t7\tUSDT\t5000\t10\tw9:send');
    expect(decodeCommand(record)).toMatchObject({
      step: 'send',
      ref: 'w9:send',
      sink: 'custody',
    });
  });

  it('holds into the pool, sends to custody and splits the fee, each once', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds: EngineCommand[] = [s.deposit('7', 'USDT', 10_000n)];
    cmds.push(withdrawal(s, 'hold', 5_000n, 1_000n, 'w1:hold'));
    for (const c of cmds) engine.apply(c);
    expect(engine.ledger.balance(AVAILABLE)).toBe(4_000n);
    expect(engine.ledger.balance(userAccount('7', 'USDT', 'held'))).toBe(0n);
    expect(engine.ledger.balance(POOL)).toBe(6_000n);
    expect(balanced(engine)).toBe(true);

    const send = withdrawal(s, 'send', 5_000n, 1_000n, 'w1:send');
    cmds.push(send);
    expect(engine.apply(send).events[0]).toMatchObject({ type: 'withdrawal', step: 'send' });
    expect(engine.ledger.balance(POOL)).toBe(0n);
    expect(engine.ledger.balance(systemAccount('custody', 'USDT'))).toBe(5_000n);
    expect(engine.ledger.balance(systemAccount('security_fund', 'USDT'))).toBe(100n);
    expect(engine.ledger.balance(systemAccount('fee_revenue', 'USDT'))).toBe(900n);
    expect(balanced(engine)).toBe(true);
    const usdt = classTotals(engine.ledger.entries()).find((t) => t.asset === 'USDT')!;
    expect(usdt.userLiabilities).toBe(4_000n);

    const again = withdrawal(s, 'send', 5_000n, 1_000n, 'w1:send');
    expect(engine.apply(again).events).toEqual([
      { type: 'rejected', reason: 'duplicate_reference' },
    ]);
    cmds.push(again);
    const replayed = replay(cmds);
    expect(replayed.stateHash()).toBe(engine.stateHash());
    // The references survive a snapshot.
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
    expect(restored.withdrawalRefs.has('w1:send')).toBe(true);
  });

  it('releases back to available, and refuses what the balance or pool does not cover', () => {
    const engine = newEngine();
    const s = new CommandStream();
    engine.apply(s.deposit('7', 'USDT', 3_000n));
    const before = JSON.stringify({ ...engine.snapshot(), seq: 0 });
    expect(engine.apply(withdrawal(s, 'hold', 3_000n, 1n, 'big')).events).toEqual([
      { type: 'rejected', reason: 'insufficient_balance' },
    ]);
    expect(engine.apply(withdrawal(s, 'release', 1n, 0n, 'nothing')).events).toEqual([
      { type: 'rejected', reason: 'insufficient_balance' },
    ]);
    expect(engine.apply(withdrawal(s, 'hold', 0n, 0n, 'zero')).events).toEqual([
      { type: 'rejected', reason: 'invalid_amount' },
    ]);
    // Refused steps changed nothing but the sequence number.
    expect(engine.ledger.balance(AVAILABLE)).toBe(3_000n);
    expect(JSON.stringify({ ...engine.snapshot(), seq: 0 })).toBe(before);
    engine.apply(withdrawal(s, 'hold', 2_000n, 500n, 'w2:hold'));
    expect(engine.ledger.balance(AVAILABLE)).toBe(500n);
    engine.apply(withdrawal(s, 'release', 2_000n, 500n, 'w2:release'));
    expect(engine.ledger.balance(AVAILABLE)).toBe(3_000n);
    expect(engine.ledger.balance(POOL)).toBe(0n);
    expect(balanced(engine)).toBe(true);
  });

  it('round-trips through the journal codec', () => {
    const s = new CommandStream();
    const cmd = withdrawal(s, 'release', 123_456_789n, 42n, 'withdrawal:abc:release');
    expect(decodeCommand(encodeCommand(cmd).slice(0, -1))).toEqual(cmd);
  });
});
