import { describe, expect, it } from 'vitest';
import { portfolio } from './portfolio.ts';

const side = (coin: string, available: string, held = '0') => ({ coin, available, held });

describe('portfolio', () => {
  const prices: Record<string, string> = { btc: '66777.57', eth: '3200.5', doge: '0.1285' };

  it('values every coin at its last price, the quote at itself, most valuable first', () => {
    const result = portfolio(
      [
        { base: side('btc', '0.1', '0.05'), quote: side('usdt', '1000.25', '500') },
        { base: side('eth', '2'), quote: side('usdt', '1000.25', '500') },
        { base: side('doge', '0'), quote: side('usdt', '1000.25', '500') },
      ],
      (coin) => prices[coin],
    );
    expect(result.holdings).toEqual([
      { coin: 'btc', amount: '0.15', value: '10016.6355' },
      { coin: 'eth', amount: '2', value: '6401' },
      { coin: 'usdt', amount: '1500.25', value: '1500.25' },
    ]);
    expect(result.total).toBe('17917.8855');
  });

  it('lists a coin without a price last and leaves it out of the total', () => {
    const result = portfolio(
      [{ base: side('xyz', '5'), quote: side('usdt', '1') }],
      () => undefined,
    );
    expect(result.holdings).toEqual([
      { coin: 'usdt', amount: '1', value: '1' },
      { coin: 'xyz', amount: '5', value: null },
    ]);
    expect(result.total).toBe('1');
  });

  it('is empty for an empty wallet', () => {
    expect(portfolio([{ base: side('btc', '0'), quote: side('usdt', '0') }], () => '1')).toEqual({
      total: '0',
      holdings: [],
    });
  });
});
