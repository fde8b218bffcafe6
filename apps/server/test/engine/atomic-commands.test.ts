import fs from 'node:fs';
import { Ledger } from '@meridian/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineCommandError, EngineHost } from '../../src/engine/engine-host.ts';
import { tempDir } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(dir: string, onCommandError?: (error: unknown, command: string) => void) {
  let now = 1_700_000_000_000;
  return EngineHost.open({
    dir,
    config: TEST_ENGINE,
    snapshotEvery: 3,
    clock: () => now++,
    onCommandError,
  });
}

const bid = (user: string) => ({
  user,
  market: 'BTC-USDT',
  side: 'buy' as const,
  kind: 'limit' as const,
  price: '50000',
  quantity: '0.05',
});

/** The next `skip` postings go through; the one after throws, as a bug in settlement would. */
function failPostingAfter(skip: number) {
  const move = Ledger.prototype.move;
  let seen = 0;
  return vi.spyOn(Ledger.prototype, 'move').mockImplementation(function (this: Ledger, ...args) {
    if (seen++ === skip) throw new Error('injected fault in settlement');
    return move.apply(this, args);
  });
}

describe('a command that throws', () => {
  it('changes nothing, leaves no gap, is reported, and the engine goes on', async () => {
    const dir = tempDir('meridian-atomic-');
    dirs.push(dir);
    const reported: string[] = [];
    const host = await open(dir, (_error, command) => reported.push(command));
    await host.deposit('alice', 'USDT', '10000', 'dep-a');
    await host.deposit('bob', 'BTC', '1', 'dep-b');
    await host.placeOrder({ ...bid('bob'), side: 'sell', quantity: '0.1' });
    const before = { hash: host.stateHash(), seq: host.seq };

    // The crossing bid holds alice's USDT, pays the first leg of the trade, then fails.
    const fault = failPostingAfter(2);
    const failed = host.placeOrder(bid('alice'));
    await expect(failed).rejects.toBeInstanceOf(EngineCommandError);
    // It failed on the third posting, after two had been made.
    expect(fault.mock.results.slice(0, 3).map((r) => r.type)).toEqual([
      'return',
      'return',
      'throw',
    ]);
    fault.mockRestore();
    expect({ hash: host.stateHash(), seq: host.seq }).toEqual(before);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain('alice');

    // The next command takes the next number and applies whole.
    const ok = await host.placeOrder(bid('alice'));
    expect(ok.seq).toBe(before.seq + 1);
    expect(ok.events.map((e) => e.type)).toEqual(['accepted', 'trade', 'filled']);
    const live = host.stateHash();
    await host.close();

    // The journal has no gap: a restart replays to the same state.
    const again = await open(dir);
    expect(again.stateHash()).toBe(live);
    expect(again.seq).toBe(before.seq + 1);
    await again.close();
  });

  it('rebuilds from the last in-memory snapshot when one was taken since the start', async () => {
    const dir = tempDir('meridian-atomic-');
    dirs.push(dir);
    const host = await open(dir);
    for (let i = 0; i < 8; i++) await host.deposit('alice', 'USDT', '1', `dep-${i}`);
    await host.projected();
    const before = host.stateHash();
    const fault = failPostingAfter(0);
    await expect(host.deposit('alice', 'USDT', '1', 'dep-x')).rejects.toThrow(EngineCommandError);
    fault.mockRestore();
    expect(host.stateHash()).toBe(before);
    await host.deposit('alice', 'USDT', '1', 'dep-x');
    expect(host.balance('alice', 'USDT')).toMatchObject({ available: '9' });
    await host.close();
  });
});
