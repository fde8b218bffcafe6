import { describe, expect, it } from 'vitest';
import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import { classTotals } from '../../ledger/verify.ts';
import type { AdjustCommand, EngineCommand, SwapCommand } from '../../matching/commands.ts';
import { BTC, BTC_USDT, CommandStream, USDT, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const BTC_POOL = poolAccount('swap', 'BTC');
const USDT_POOL = poolAccount('swap', 'USDT');
const userBtc = userAccount('7', 'BTC', 'available');
const userUsdt = userAccount('7', 'USDT', 'available');

function swap(s: CommandStream, fields: Partial<SwapCommand> = {}): SwapCommand {
  return {
    type: 'swap',
    seq: ++s.seq,
    ts: ++s.ts,
    user: '7',
    from: 'BTC',
    to: 'USDT',
    amountIn: 1_000_000n,
    gross: 965_150_000n,
    fee: 965_150n,
    ref: 'swap:q1',
    ...fields,
  };
}

function fundPool(s: CommandStream, asset: string, amount: bigint, ref = 'fund-1'): AdjustCommand {
  return {
    type: 'adjust',
    seq: ++s.seq,
    ts: ++s.ts,
    from: systemAccount('operator_capital', asset),
    to: poolAccount('swap', asset),
    amount,
    ref: `swap-pool:${asset}:${ref}`,
  };
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

const withoutSeq = (engine: TradingEngine) => JSON.stringify({ ...engine.snapshot(), seq: 0 });

describe('swap command', () => {
  it('settles into and out of the swap pools, splits the fee, once per reference', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const cmds: EngineCommand[] = [
      s.deposit('7', 'BTC', 5_000_000n),
      fundPool(s, 'USDT', 10_000_000000n),
    ];
    for (const c of cmds) engine.apply(c);
    const first = swap(s);
    cmds.push(first);
    expect(engine.apply(first).events).toEqual([
      {
        type: 'swapped',
        user: '7',
        from: 'BTC',
        to: 'USDT',
        amountIn: 1_000_000n,
        gross: 965_150_000n,
        fee: 965_150n,
        ref: 'swap:q1',
      },
    ]);
    const l = engine.ledger;
    expect(l.balance(userBtc)).toBe(4_000_000n);
    expect(l.balance(BTC_POOL)).toBe(1_000_000n);
    expect(l.balance(userUsdt)).toBe(964_184_850n);
    expect(l.balance(USDT_POOL)).toBe(10_000_000000n - 965_150_000n);
    expect(l.balance(systemAccount('security_fund', 'USDT'))).toBe(96_515n);
    expect(l.balance(systemAccount('fee_revenue', 'USDT'))).toBe(868_635n);
    expect(balanced(engine)).toBe(true);
    const usdt = classTotals(l.entries()).find((t) => t.asset === 'USDT')!;
    expect(usdt.userLiabilities).toBe(964_184_850n);

    const again = swap(s);
    cmds.push(again);
    const before = withoutSeq(engine);
    expect(engine.apply(again).events).toEqual([
      { type: 'rejected', reason: 'duplicate_reference' },
    ]);
    expect(withoutSeq(engine)).toBe(before);

    // Replayed from the journal, and restored from a snapshot, the engine is the same.
    const replayed = newEngine();
    for (const c of cmds) replayed.apply(decodeCommand(encodeCommand(c).slice(0, -1))!);
    expect(replayed.stateHash()).toBe(engine.stateHash());
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
    expect(restored.apply(swap(s)).events).toEqual([
      { type: 'rejected', reason: 'duplicate_reference' },
    ]);
  });

  it('refuses whole, changing nothing, what the balance, the pool or the amounts do not allow', () => {
    const engine = newEngine();
    const s = new CommandStream();
    engine.apply(s.deposit('7', 'BTC', 1_000_000n));
    engine.apply(fundPool(s, 'USDT', 965_149_999n));
    const before = withoutSeq(engine);
    const refusals: Array<[Partial<SwapCommand>, string]> = [
      [{}, 'no_liquidity'],
      [{ amountIn: 1_000_001n, gross: 1n, fee: 0n }, 'insufficient_balance'],
      [{ amountIn: 0n }, 'invalid_amount'],
      [{ gross: 0n, fee: 0n }, 'invalid_amount'],
      [{ fee: -1n }, 'invalid_amount'],
      [{ gross: 10n, fee: 10n }, 'invalid_amount'],
      [{ amountIn: BTC.maxAmount + 1n }, 'invalid_amount'],
      [{ to: 'BTC' }, 'invalid_account'],
      [{ user: 'mm.1' }, 'invalid_account'],
      [{ to: 'DOGE' }, 'unknown_asset'],
    ];
    for (const [fields, reason] of refusals) {
      expect(engine.apply(swap(s, fields)).events).toEqual([{ type: 'rejected', reason }]);
    }
    expect(withoutSeq(engine)).toBe(before);
    // The pool exactly covering it: it goes through.
    engine.apply(fundPool(s, 'USDT', 1n, 'fund-2'));
    expect(engine.apply(swap(s, { ref: 'swap:q2' })).events[0]!.type).toBe('swapped');
    expect(engine.ledger.balance(USDT_POOL)).toBe(0n);
    expect(balanced(engine)).toBe(true);
  });

  it('round-trips through the journal codec', () => {
    const cmd = swap(new CommandStream(), { ref: 'swap:0b7c1f9e-quote' });
    expect(decodeCommand(encodeCommand(cmd).slice(0, -1))).toEqual(cmd);
  });
});
