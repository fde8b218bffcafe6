import { describe, expect, it } from 'vitest';
import type { Asset } from '../ledger/assets.ts';
import {
  checkAssetListing,
  checkFees,
  readMarketListing,
  type MarketListingInput,
} from './listing.ts';

const BTC: Asset = { code: 'BTC', decimals: 8, maxAmount: 10n ** 18n };
const USDT: Asset = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };

/** BTC/USDT as the first catalogue listed it. */
const BTC_USDT: MarketListingInput = {
  base: BTC,
  quote: USDT,
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '5',
  makerFeeBps: 10,
  takerFeeBps: 20,
  bandBps: 500,
  priceDecimals: 2,
  quantityDecimals: 4,
  referencePrice: '65000',
  volatilityPpm: 100,
};

describe('market listings', () => {
  it('read into the engine spec of the first catalogue', () => {
    const read = readMarketListing(BTC_USDT);
    expect(read).toMatchObject({
      ok: true,
      referencePrice: 65_000_000_000n,
      spec: {
        symbol: 'btcusdt',
        tickSize: 10_000n,
        lotSize: 10_000n,
        minNotional: 5_000_000n,
        maxOrderLots: 100_000_000,
        maxPriceTicks: 10_000_000_000,
      },
    });
  });

  it.each<[string, Partial<MarketListingInput>, string, string]>([
    ['one coin twice', { base: USDT }, 'quote', 'same_coin'],
    ['a zero tick', { tickSize: '0' }, 'tickSize', 'not_positive'],
    ['a tick finer than the quote coin', { tickSize: '0.0000001' }, 'tickSize', 'invalid_number'],
    ['a tick finer than the prices shown', { tickSize: '0.001' }, 'tickSize', 'step_decimals'],
    ['a lot finer than the quantities shown', { lotSize: '0.00001' }, 'lotSize', 'step_decimals'],
    [
      'a tick × lot below a quote unit',
      { tickSize: '0.000001', priceDecimals: 6, lotSize: '0.00000001', quantityDecimals: 8 },
      'lotSize',
      'tick_lot',
    ],
    ['a negative minimum', { minNotional: '-5' }, 'minNotional', 'invalid_number'],
    [
      'more price decimals than the quote has',
      { priceDecimals: 7 },
      'priceDecimals',
      'out_of_range',
    ],
    ['a fee above 10%', { takerFeeBps: 1_001 }, 'takerFeeBps', 'out_of_range'],
    ['a fractional fee', { makerFeeBps: 1.5 }, 'makerFeeBps', 'out_of_range'],
    ['a zero band', { bandBps: 0 }, 'bandBps', 'out_of_range'],
    ['no volatility', { volatilityPpm: 0 }, 'volatilityPpm', 'out_of_range'],
  ])('refuse %s', (_name, change, field, problem) => {
    expect(readMarketListing({ ...BTC_USDT, ...change })).toMatchObject({
      ok: false,
      field,
      problem,
    });
  });

  it('refuse a reference price below one tick', () => {
    expect(
      readMarketListing({ ...BTC_USDT, tickSize: '1', priceDecimals: 0, referencePrice: '0.5' }),
    ).toMatchObject({ ok: false, field: 'referencePrice', problem: 'below_tick' });
  });
});

describe('asset listings and fee changes', () => {
  it('check codes, decimals and rates', () => {
    expect(checkAssetListing('ETH', 18)).toBeUndefined();
    expect(checkAssetListing('eth', 8)).toMatchObject({ field: 'code', problem: 'invalid_code' });
    expect(checkAssetListing('ETH', 19)).toMatchObject({ field: 'decimals', max: 18 });
    expect(checkFees(0, 1_000)).toBeUndefined();
    expect(checkFees(-1, 10)).toMatchObject({ field: 'makerFeeBps', problem: 'out_of_range' });
  });
});
