import { describe, expect, it } from 'vitest';
import type { Asset, MarketSpec } from '@meridian/core';
import { createIndexPrices } from '../index-prices.ts';

const asset = (code: string, decimals: number): Asset => ({
  code,
  decimals,
  maxAmount: 10n ** 18n,
});
const USDT = asset('USDT', 6);
const BTC = asset('BTC', 8);
const ETH = asset('ETH', 8);
const spec = (base: Asset, quote: Asset) =>
  ({ symbol: `${base.code}${quote.code}`.toLowerCase(), base, quote }) as MarketSpec;
const markets = [spec(BTC, USDT), spec(ETH, USDT), spec(ETH, BTC)];

function prices(ticks: Record<string, { price: bigint; ts: number }>, now = 1_700_000_000_000) {
  return createIndexPrices(
    {
      asset: (code) => [USDT, BTC, ETH].find((a) => a.code === code),
      marketSymbols: () => markets.map((m) => m.symbol),
      marketSpec: (symbol) => markets.find((m) => m.symbol === symbol),
      indexTick: (market) => (ticks[market] ? { ...ticks[market], seq: 1 } : undefined),
    },
    () => now,
  );
}

describe('swap index prices', () => {
  it("offers USDT and every coin with a USDT market, priced by that market's last index tick", () => {
    const p = prices({ btcusdt: { price: 97_000_000000n, ts: 1_700_000_000_000 } });
    expect(p.coins()).toEqual(['USDT', 'BTC', 'ETH']);
    expect(p.price('BTC')).toEqual({
      asset: BTC,
      leg: { decimals: 8, price: 97_000_000000n },
      time: 1_700_000_000_000,
    });
    expect(p.price('USDT')).toEqual({
      asset: USDT,
      leg: { decimals: 6, price: 1_000000n },
      time: null,
    });
  });

  it('has no price for a coin whose market has not ticked, and offers no coin without a USDT market', () => {
    const p = prices({});
    expect(p.offers('ETH')).toBe(true);
    expect(p.price('ETH')).toBeUndefined();
    expect(p.offers('DOGE')).toBe(false);
    expect(p.price('DOGE')).toBeUndefined();
  });

  it('has no price while the last tick is more than a minute old: the feed stopped', () => {
    const tick = { btcusdt: { price: 97_000_000000n, ts: 1_700_000_000_000 } };
    expect(prices(tick, 1_700_000_060_000).price('BTC')).toBeDefined();
    expect(prices(tick, 1_700_000_060_001).price('BTC')).toBeUndefined();
    expect(prices(tick, 1_700_000_060_001).price('USDT')).toBeDefined();
  });
});
