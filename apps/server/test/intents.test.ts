import { describe, expect, it } from 'vitest';
import {
  CLAIM_LAPSE_MS,
  createIntents,
  type Claimed,
  type IntentRows,
} from '../src/kernel/cluster/intents.ts';
import { AppError } from '../src/kernel/errors.ts';

type Row = Claimed & { id: string };

/** A deployment where `living` run, with this process as `me`, on a clock the test moves. */
function deployment(living: string[], options: { leads?: boolean } = {}) {
  let now = 1_000_000;
  const asked: string[] = [];
  const errors: Array<{ name: string; error: unknown }> = [];
  const intents = createIntents({
    cluster: {
      processId: 'me',
      alive: async (id) => {
        asked.push(id);
        return id === 'me' || living.includes(id);
      },
    },
    now: () => now,
    leads: options.leads ?? true,
    // The timer stays out of the way: each test sweeps when it means to.
    everyMs: 3_600_000,
    onError: (error, { name }) => errors.push({ name, error }),
  });
  return {
    intents,
    asked,
    errors,
    at: () => now,
    pass: (ms: number) => {
      now += ms;
    },
  };
}

/** Rows in a table; finishing or refusing one takes it out, as its end state would. */
function table(rows: Row[], finish: (row: Row) => Promise<void> = async () => {}) {
  const pending = new Map(rows.map((r) => [r.id, r]));
  const finished: string[] = [];
  const intentRows: IntentRows<Row> = {
    pending: async () => [...pending.values()],
    async finish(row) {
      finished.push(row.id);
      try {
        await finish(row);
      } catch (error) {
        if (error instanceof AppError) pending.delete(row.id);
        throw error;
      }
      pending.delete(row.id);
    },
  };
  return { intentRows, finished, pending };
}

describe('intents: half-done work across processes', () => {
  it('the leader finishes what dead processes and earlier runs left, and not what living ones are doing', async () => {
    const d = deployment(['api-2']);
    const t = table([
      { id: 'legacy', owner: null, claimed_at: null },
      { id: 'dead', owner: 'api-1', claimed_at: d.at() },
      { id: 'living', owner: 'api-2', claimed_at: d.at() },
      { id: 'mine', owner: 'me', claimed_at: d.at() },
      { id: 'dead-too', owner: 'api-1', claimed_at: String(d.at()) },
    ]);
    expect(await d.intents.resume('withdrawals', t.intentRows)).toBe(3);
    expect(t.finished).toEqual(['legacy', 'dead', 'dead-too']);
    // Liveness is asked once per owner a pass, and never of this process.
    expect(d.asked).toEqual(['api-1', 'api-2']);

    await d.intents.sweep();
    expect(t.finished).toEqual(['legacy', 'dead', 'dead-too']);
  });

  it('a claim held past its lapse by a living process is taken over, one held less is not', async () => {
    const d = deployment(['api-2']);
    const t = table([
      { id: 'living', owner: 'api-2', claimed_at: d.at() },
      { id: 'mine', owner: 'me', claimed_at: d.at() },
    ]);
    await d.intents.resume('earn openings', t.intentRows);
    d.pass(CLAIM_LAPSE_MS);
    await d.intents.sweep();
    expect(t.finished).toEqual([]);
    d.pass(1);
    await d.intents.sweep();
    expect(t.finished).toEqual(['living', 'mine']);
  });

  it("a row's refusal ends it quietly; a failure is reported and the pass goes on to the next row", async () => {
    const d = deployment([]);
    const t = table(
      [
        { id: 'refused', owner: 'gone', claimed_at: d.at() },
        { id: 'failing', owner: 'gone', claimed_at: d.at() },
        { id: 'fine', owner: 'gone', claimed_at: d.at() },
      ],
      async (row) => {
        if (row.id === 'refused') throw new AppError('validation', 'insufficientBalance');
        if (row.id === 'failing') throw new Error('engine out of reach');
      },
    );
    await d.intents.resume('swaps', t.intentRows);
    expect(t.finished).toEqual(['refused', 'failing', 'fine']);
    expect(t.pending.has('fine')).toBe(false);
    expect(d.errors).toEqual([{ name: 'swaps', error: new Error('engine out of reach') }]);
    // The failed row stays pending and is tried again at the next sweep.
    await d.intents.sweep();
    expect(t.finished).toEqual(['refused', 'failing', 'fine', 'failing']);
  });

  it('a process that does not lead claims rows and never finishes any', async () => {
    const d = deployment([], { leads: false });
    let read = false;
    const rows: IntentRows<Row> = {
      pending: async () => {
        read = true;
        return [{ id: 'dead', owner: 'gone', claimed_at: 0 }];
      },
      finish: async () => {
        throw new Error('not the leader');
      },
    };
    expect(await d.intents.resume('withdrawals', rows)).toBe(0);
    await d.intents.sweep();
    expect(read).toBe(false);
    expect(d.intents.claim()).toEqual({ owner: 'me', claimed_at: d.at() });
  });

  it('a sweep asked for while one runs joins it: a row is never finished twice at once', async () => {
    const d = deployment([]);
    let release = () => {};
    const t = table([], () => new Promise<void>((resolve) => (release = resolve)));
    await d.intents.resume('balance adjustments', t.intentRows);
    t.pending.set('slow', { id: 'slow', owner: 'gone', claimed_at: d.at() });
    const sweeps = [d.intents.sweep(), d.intents.sweep()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.finished).toEqual(['slow']);
    release();
    await Promise.all(sweeps);
    expect(t.finished).toEqual(['slow']);
    expect(t.pending.size).toBe(0);
  });

  it('the same module registered twice is a programming error', async () => {
    const d = deployment([]);
    const rows = table([]).intentRows;
    await d.intents.resume('swaps', rows);
    await expect(d.intents.resume('swaps', rows)).rejects.toThrow(/twice/);
  });
});
