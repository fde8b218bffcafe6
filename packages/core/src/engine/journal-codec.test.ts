import { describe, expect, it } from 'vitest';
import { CommandStream } from '../matching/fixtures.ts';
import type { EngineCommand } from '../matching/commands.ts';
import { decodeCommand, encodable, encodeCommand, writeCommand } from './journal-codec.ts';
import { RecordWriter } from './record-writer.ts';
import { sealRecord } from './testing/seal.ts';

describe('journal codec', () => {
  const s = new CommandStream();
  const commands = [
    s.deposit('alice', 'USDT', 123_456_789_012_345_678_901n),
    s.limit('bob', 'sell', 1_000, 7, 'POST_ONLY'),
    s.place({ user: 'carol', side: 'buy', kind: 'market', tif: 'IOC', quote: 5_000n }),
    s.place({ user: 'carol', side: 'sell', kind: 'stop_limit', price: 900, stop: 950, lots: 2 }),
    s.cancel('bob', 2),
  ];

  it('round-trips every kind of command, one line each', () => {
    for (const cmd of commands) {
      const line = encodeCommand(cmd);
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(decodeCommand(line.slice(0, -1))).toEqual(cmd);
    }
  });

  it('writes its format version, and reads records written before versions existed', () => {
    const withRef = { ...s.limit('dave', 'buy', 1_000, 3), clientRef: 'key-1' };
    const line = encodeCommand(withRef);
    expect(line.startsWith('P.5\t')).toBe(true);
    expect(decodeCommand(line.slice(0, -1))).toEqual(withRef);
    const withId = { ...withRef, clientOrderId: 'grid-7' };
    expect(decodeCommand(encodeCommand(withId).slice(0, -1))).toEqual(withId);
    const margin = { ...withId, wallet: 'margin.btcusdt' as const };
    expect(decodeCommand(encodeCommand(margin).slice(0, -1))).toEqual(margin);
    const borrowing = { ...margin, autoBorrow: true };
    expect(decodeCommand(encodeCommand(borrowing).slice(0, -1))).toEqual(borrowing);
    const both = { ...borrowing, autoRepay: true };
    expect(decodeCommand(encodeCommand(both).slice(0, -1))).toEqual(both);
    const repaying = { ...margin, autoRepay: true };
    expect(decodeCommand(encodeCommand(repaying).slice(0, -1))).toEqual(repaying);
    // A version-4 record (before borrow on order) borrows nothing.
    const v4 = `P.4\t14\t1795467308199\t10000001\tbtcusdt\tb\tlimit\tGTC\t6000000\t200\t0\t0\tkey-4\t\tmargin.btcusdt`;
    expect(decodeCommand(sealRecord(v4))).toMatchObject({ seq: 14, wallet: 'margin.btcusdt' });
    expect(decodeCommand(sealRecord(v4))).not.toHaveProperty('autoBorrow');
    // A version-3 record (before margin orders) is a spot order.
    const v3 = `P.3\t13\t1795467308199\t10000001\tbtcusdt\tb\tlimit\tGTC\t6000000\t200\t0\t0\tkey-3\tgrid-8`;
    expect(decodeCommand(sealRecord(v3))).toMatchObject({ seq: 13, clientOrderId: 'grid-8' });
    expect(decodeCommand(sealRecord(v3))).not.toHaveProperty('wallet');
    // A version-2 record (before client order ids) reads without one.
    const v2 = `P.2\t12\t1795467308198\t10000001\tbtcusdt\tb\tlimit\tGTC\t6000000\t200\t0\t0\tkey-2`;
    expect(decodeCommand(sealRecord(v2))).toMatchObject({ seq: 12, clientRef: 'key-2' });
    expect(decodeCommand(sealRecord(v2))).not.toHaveProperty('clientOrderId');
    // A place record of the journal format before this change (commit 5cee2de).
    const old =
      'P\t11\t1795467308197\t10000001\tbtcusdt\tb\tlimit\tGTC\t6000000\t200\t0\t0\trur8vn';
    expect(decodeCommand(old)).toEqual({
      type: 'place',
      seq: 11,
      ts: 1795467308197,
      user: '10000001',
      market: 'btcusdt',
      side: 'buy',
      kind: 'limit',
      tif: 'GTC',
      price: 6_000_000,
      lots: 200,
      quote: 0n,
      stop: 0,
    });
  });

  it('reads a deposit record written before deposits had a source as a float credit', () => {
    const body = 'D\t3\t1700000000003\talice\tUSDT\t500\tdemo-seed';
    expect(decodeCommand(sealRecord(body))).toEqual({
      type: 'deposit',
      seq: 3,
      ts: 1_700_000_000_003,
      user: 'alice',
      asset: 'USDT',
      amount: 500n,
      ref: 'demo-seed',
      source: 'platform_float',
    });
    const unknown = 'D.2\t3\t1700000000003\talice\tUSDT\t500\tdemo-seed\toperator_capital';
    expect(decodeCommand(sealRecord(unknown))).toBeUndefined();
  });

  it('refuses a version newer than it knows', () => {
    const line = encodeCommand(commands[1]!).slice(0, -1);
    const body = line.slice(0, line.lastIndexOf('\t'));
    const resealed = (text: string) => sealRecord(text);
    expect(decodeCommand(resealed(body))).toEqual(commands[1]);
    expect(decodeCommand(resealed(body.replace(/^P\.5\t/, 'P.6\t')))).toBeUndefined();
  });

  it('refuses a torn or altered record', () => {
    const line = encodeCommand(commands[1]!).slice(0, -1);
    for (let cut = 0; cut < line.length; cut++) {
      expect(decodeCommand(line.slice(0, cut))).toBeUndefined();
    }
    expect(decodeCommand(line.replace('\t7\t', '\t8\t'))).toBeUndefined();
  });

  it('writes the bytes the string encoder before it wrote, non-ASCII included', () => {
    const more: RecordsBefore[] = [
      ...commands,
      { ...s.limit('ümlaut-用户-🙂', 'buy', 9_007_199_254_740_991, 1), clientRef: 'clé-ключ' },
      s.deposit('0', 'BTC', 1n),
      s.adjust('s:operator_capital', 'm:mm.btcusdt:a:BTC', 10n ** 30n, 'fund-1'),
      {
        type: 'index',
        seq: 99,
        ts: 0,
        prices: [
          ['btcusdt', 6_000_000n],
          ['ethusdt', 1n],
        ],
      },
    ];
    const out = new RecordWriter(8);
    for (const cmd of more) {
      const before = stringRecord(cmd);
      expect(encodeCommand(cmd)).toBe(before);
      writeCommand(out, cmd);
      expect(decodeCommand(before.slice(0, -1))).toEqual(cmd);
    }
    // Grown from 8 bytes, the records sit back to back exactly as a file of them would.
    expect([...out.bytes()]).toEqual([
      ...new TextEncoder().encode(more.map(stringRecord).join('')),
    ]);
  });

  it.each([
    0,
    7,
    10,
    999_999_999,
    1_000_000_000,
    1_000_000_007,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32 + 1,
    1_700_000_000_000,
    10_000_000_000_009,
    2 ** 53 - 1,
  ])('writes the integer %d digit for digit', (n) => {
    const out = new RecordWriter(4);
    out.begin('P');
    out.int(n);
    out.end();
    expect(out.toString().split('\t')[1]).toBe(String(n));
  });

  it('refuses an integer a record cannot carry', () => {
    const out = new RecordWriter();
    out.begin('P');
    expect(() => out.int(-1)).toThrow(RangeError);
    expect(() => out.int(1.5)).toThrow(RangeError);
    expect(() => out.int(2 ** 53)).toThrow(RangeError);
  });

  it('admits only identifiers that cannot break a record', () => {
    expect(encodable('user-42')).toBe(true);
    expect(encodable('a\tb')).toBe(false);
    expect(encodable('')).toBe(false);
  });
});

/** The commands that existed when the byte writer replaced the string encoder. */
type RecordsBefore = Extract<
  EngineCommand,
  { type: 'place' | 'cancel' | 'deposit' | 'adjust' | 'index' }
>;

/**
 * The string encoder the byte writer replaced (commit aa4f55e), restated as the reference;
 * deposits since carry their source (D.2), orders the caller's own id (P.3), their margin
 * account (P.4) and whether they borrow what they lack (P.5).
 */
function stringRecord(c: RecordsBefore): string {
  const fields =
    c.type === 'place'
      ? `${c.user}\t${c.market}\t${c.side === 'buy' ? 'b' : 's'}\t${c.kind}\t${c.tif}\t${c.price}\t${c.lots}\t${c.quote}\t${c.stop}\t${c.clientRef ?? ''}\t${c.clientOrderId ?? ''}\t${c.wallet ?? ''}\t${c.autoBorrow ? 'b' : ''}${c.autoRepay ? 'r' : ''}`
      : c.type === 'cancel'
        ? `${c.user}\t${c.market}\t${c.orderId}`
        : c.type === 'deposit'
          ? `${c.user}\t${c.asset}\t${c.amount}\t${c.ref}\t${c.source}`
          : c.type === 'adjust'
            ? `${c.from}\t${c.to}\t${c.amount}\t${c.ref}`
            : c.prices.map(([market, price]) => `${market}=${price}`).join('\t');
  const tag = { place: 'P.5', cancel: 'C', deposit: 'D.2', adjust: 'J', index: 'X' }[c.type];
  const body = `${tag}\t${c.seq}\t${c.ts}\t${fields}`;
  return `${sealRecord(body)}\n`;
}
