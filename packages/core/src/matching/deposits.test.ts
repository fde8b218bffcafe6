import { describe, expect, it } from 'vitest';
import { BTC, BTC_USDT, CommandStream, newEngine, USDT } from './fixtures.ts';
import { TradingEngine } from './trading-engine.ts';
import type { EngineCommand } from './commands.ts';

const deposit = (s: CommandStream, ref: string): EngineCommand => {
  const cmd = s.deposit('alice', 'USDT', 500n);
  return cmd.type === 'deposit' ? { ...cmd, ref } : cmd;
};

describe('deposits', () => {
  it('credits one reference once: a repeat is refused and changes nothing', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const first = engine.apply(deposit(s, 'chain-tx-1'));
    expect(first.events).toEqual([
      { type: 'deposited', user: 'alice', asset: 'USDT', amount: 500n, ref: 'chain-tx-1' },
    ]);
    const before = { ...engine.snapshot(), seq: 0 };
    const again = engine.apply(deposit(s, 'chain-tx-1'));
    expect(again.events).toEqual([{ type: 'rejected', reason: 'duplicate_deposit' }]);
    expect(again.postings.toArray()).toEqual([]);
    expect({ ...engine.snapshot(), seq: 0 }).toEqual(before);
    expect(engine.ledger.available('alice', 'USDT')).toBe(500n);
    // Another reference is another deposit.
    engine.apply(deposit(s, 'chain-tx-2'));
    expect(engine.ledger.available('alice', 'USDT')).toBe(1000n);
  });

  it('remembers the references across a snapshot and a replay', () => {
    const engine = newEngine();
    const s = new CommandStream();
    const commands = [deposit(s, 'a'), deposit(s, 'b')];
    for (const cmd of commands) engine.apply(cmd);
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      engine.snapshot(),
    );
    expect(restored.apply(deposit(s, 'a')).events[0]).toMatchObject({
      reason: 'duplicate_deposit',
    });
    const replayed = newEngine();
    for (const cmd of commands) replayed.apply(cmd);
    expect(replayed.stateHash()).toBe(engine.stateHash());
  });

  it('leaves the reference list out of a snapshot that has none', () => {
    const engine = newEngine();
    expect('depositRefs' in engine.snapshot()).toBe(false);
  });
});
