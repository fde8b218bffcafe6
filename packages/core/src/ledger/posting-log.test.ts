import { describe, expect, it } from 'vitest';
import { PostingBatch, PostingLog } from './posting-log.ts';

const a = { key: 'u:1:1:a:USDT', asset: 'USDT' };
const b = { key: 'u:2:1:a:USDT', asset: 'USDT' };

/** Appends `n` postings of 1, 2, … units, referring to trade 100, 101, … */
function appendMany(log: PostingLog, n: number, from = 0): void {
  for (let i = from; i < from + n; i++) {
    log.append(a, b, BigInt(i + 1), 'trade', 'trade', 100 + i, 1_700_000_000_000 + i);
  }
}

describe('posting log', () => {
  it('hands out each batch once, with consecutive ids, as postings or by column', () => {
    const log = new PostingLog(41);
    appendMany(log, 2);
    const first = log.close();
    log.append(b, a, 5n, 'deposit', 'deposit', 'dep-1', 9);
    const second = log.close();
    expect(first.toArray()).toEqual([
      {
        id: 41,
        asset: 'USDT',
        from: a.key,
        to: b.key,
        amount: 1n,
        reason: 'trade',
        refKind: 'trade',
        refId: '100',
        ts: 1_700_000_000_000,
      },
      {
        id: 42,
        asset: 'USDT',
        from: a.key,
        to: b.key,
        amount: 2n,
        reason: 'trade',
        refKind: 'trade',
        refId: '101',
        ts: 1_700_000_000_001,
      },
    ]);
    expect([second.id(0), second.from(0), second.amount(0), second.refId(0)]).toEqual([
      43,
      b.key,
      5n,
      'dep-1',
    ]);
    expect(log.nextId).toBe(44);
    expect(log.close()).toBe(PostingBatch.EMPTY);
    expect(() => second.at(1)).toThrow(RangeError);
  });

  it('keeps every batch intact while later ones roll over into new segments', () => {
    const log = new PostingLog(1);
    const batches: PostingBatch[] = [];
    // Far past the first segments' sizes, and one batch larger than any segment.
    for (let i = 0; i < 300; i++) {
      appendMany(log, 50, i * 50);
      batches.push(log.close());
    }
    appendMany(log, 20_000, 15_000);
    batches.push(log.close());
    let id = 1;
    for (const batch of batches) {
      for (let i = 0; i < batch.length; i++, id++) {
        expect(batch.id(i)).toBe(id);
        expect(batch.amount(i)).toBe(BigInt(id));
        expect(batch.refId(i)).toBe(String(99 + id));
      }
    }
    expect(id - 1).toBe(35_000);
    // 105,000 assertions: seconds on a loaded two-core machine.
  }, 30_000);
});
