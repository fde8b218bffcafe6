import { describe, expect, it } from 'vitest';
import type { MarketRow } from '@meridian/contract/calls/market';
import { priceInfo } from '../../data/test-data.ts';
import { mainMarkets } from './MarketOverview.tsx';
import { sparkPath } from './Sparkline.tsx';
import { topMovers } from './TopMovers.tsx';

const row = (base: string, zdf: string, plate = ''): MarketRow => ({
  id: base,
  c_id: base,
  symbol_name: `${base}/USDT`,
  base_symbol: base,
  plate,
  close: '1',
  amount: '1',
  zdf,
  part_cou: 2,
  full_cou: 2,
  collect: 0,
  state: 'trading',
});

describe('home market widgets', () => {
  it('ranks gainers and losers by exact change, live values first', () => {
    const rows = [row('A', '1.5'), row('B', '-3'), row('C', '0'), row('D', '12'), row('E', '-0.2')];
    const { gainers, losers } = topMovers(rows, { ausdt: priceInfo('ausdt', '2', 1, '20.01') });
    expect(gainers.map((m) => m.row.base_symbol)).toEqual(['A', 'D']);
    expect(gainers[0]?.percent).toBe('20.01');
    expect(losers.map((m) => m.row.base_symbol)).toEqual(['B', 'E']);
  });

  it('prefers the markets the listing marks main', () => {
    const rows = [row('X', '0'), row('BTC', '0', 'main,hot'), row('ETH', '0', 'main')];
    expect(mainMarkets(rows).map((r) => r.base_symbol)).toEqual(['BTC', 'ETH']);
    expect(mainMarkets([row('X', '0')]).map((r) => r.base_symbol)).toEqual(['X']);
  });

  it('draws a sparkline from the highest to the lowest close', () => {
    const candle = (close: string) => ({
      time: 1,
      open: close,
      high: close,
      low: close,
      close,
      volume: '1',
      amount: '1',
    });
    expect(sparkPath([candle('10'), candle('20')])).toBe('M0.0,34.0 L120.0,2.0');
    expect(sparkPath([candle('10')])).toBe('');
  });
});
