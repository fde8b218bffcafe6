import { describe, expect, it } from 'vitest';
import { CUSTODY_CLASSES, type CustodyCoin } from '@meridian/contract/calls/custody';
import { attentionFirst, COLUMN_GROUPS, verdictOf } from './columns.ts';

const coin = (name: string, balanced: boolean, covered: boolean): CustodyCoin => ({
  coin: name,
  classes: Object.fromEntries(CUSTODY_CLASSES.map((c) => [c, '0'])) as CustodyCoin['classes'],
  sum: balanced ? '0' : '1',
  balanced,
  userLiabilities: '0',
  custodyHeld: '0',
  shortfall: covered ? '0' : '1',
  covered,
});

describe('custody columns', () => {
  it('show every class exactly once', () => {
    const shown = COLUMN_GROUPS.flatMap((g) => g.classes);
    expect([...shown].sort()).toEqual([...CUSTODY_CLASSES].sort());
  });

  it('say first that a coin does not sum to zero, then that custody is short', () => {
    expect(verdictOf({ balanced: false, covered: true })).toBe('unbalanced');
    expect(verdictOf({ balanced: true, covered: false })).toBe('short');
    expect(verdictOf({ balanced: true, covered: true })).toBe('covered');
  });

  it('list the coins needing attention first, each group by name', () => {
    const ordered = attentionFirst([
      coin('USDT', true, true),
      coin('ETH', true, false),
      coin('BTC', true, true),
      coin('BNB', false, true),
      coin('ADA', true, false),
    ]);
    expect(ordered.map((c) => c.coin)).toEqual(['BNB', 'ADA', 'ETH', 'BTC', 'USDT']);
  });
});
