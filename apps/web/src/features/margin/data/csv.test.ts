import { describe, expect, it } from 'vitest';
import { historyRows, type HistoryRow } from './csv.ts';

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  id: '1',
  account: 'btcusdt',
  kind: 'borrow',
  coin: 'usdt',
  amount: '1000',
  insurance: null,
  left: null,
  time: 0,
  ...over,
});

describe('historyRows', () => {
  it('writes a header and every digit of the amounts', () => {
    const out = historyRows(
      [
        row({}),
        row({ id: '2', account: 'all', kind: 'liquidation', amount: '0.00000834', insurance: '1.5', left: '0' }),
      ],
      { time: (ms) => `t${ms}`, text: (key) => key.split('.').pop() ?? key },
    );
    expect(out[0]).toEqual(['time', 'account', 'kind', 'coin', 'amount', 'insurance', 'left']);
    expect(out[1]).toEqual(['t0', 'BTCUSDT', 'borrow', 'USDT', '1000', '', '']);
    expect(out[2]).toEqual(['t0', 'cross', 'liquidation', 'USDT', '0.00000834', '1.5', '0']);
  });
});
