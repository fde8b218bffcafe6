import { describe, expect, it } from 'vitest';
import { CommandStream } from '../matching/fixtures.ts';
import { decodeCommand, encodable, encodeCommand } from './journal-codec.ts';

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
    expect(line.startsWith('P.2\t')).toBe(true);
    expect(decodeCommand(line.slice(0, -1))).toEqual(withRef);
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

  it('refuses a version newer than it knows', () => {
    const line = encodeCommand(commands[1]!).slice(0, -1);
    const body = line.slice(0, line.lastIndexOf('\t'));
    const resealed = (text: string) => `${text}\t${fnv1a(text)}`;
    expect(decodeCommand(resealed(body))).toEqual(commands[1]);
    expect(decodeCommand(resealed(body.replace(/^P\.2\t/, 'P.3\t')))).toBeUndefined();
  });

  it('refuses a torn or altered record', () => {
    const line = encodeCommand(commands[1]!).slice(0, -1);
    for (let cut = 0; cut < line.length; cut++) {
      expect(decodeCommand(line.slice(0, cut))).toBeUndefined();
    }
    expect(decodeCommand(line.replace('\t7\t', '\t8\t'))).toBeUndefined();
  });

  it('admits only identifiers that cannot break a record', () => {
    expect(encodable('user-42')).toBe(true);
    expect(encodable('a\tb')).toBe(false);
    expect(encodable('')).toBe(false);
  });
});

/** The journal's checksum, restated so a test can seal a record the codec would not write. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
