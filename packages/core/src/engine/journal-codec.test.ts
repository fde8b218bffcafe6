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
