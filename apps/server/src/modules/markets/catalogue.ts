import type { Asset, EngineConfig, MarketSpec } from '@meridian/core';

/**
 * The assets and markets the platform lists, with what the quote pages show of them.
 * Amounts are integer minor units: `decimals` places per asset; a market's tick is in
 * quote minor units per whole base unit, its lot in base minor units.
 */
export interface ListedMarket {
  spec: MarketSpec;
  /** `btcusdt`: lowercase base + quote (seed section 9). */
  symbol: string;
  /** Decimals shown for prices and for quantities (the seed's part_cou and full_cou). */
  priceDecimals: number;
  quantityDecimals: number;
  /** Where the market appears: second contracts, spot, USDT contracts. */
  lists: { second: boolean; spot: boolean; contract: boolean };
  plate: string[];
  /** Where the simulated index starts on a new deployment, as a decimal string. */
  referencePrice: string;
  /** Typical one-second move of the simulated index, parts per million. */
  volatilityPpm: number;
}

const MAX = 10n ** 18n;
const asset = (code: string, decimals: number): Asset => ({ code, decimals, maxAmount: MAX });

export const USDT = asset('USDT', 6);

interface Listing {
  base: Asset;
  tick: bigint;
  lot: bigint;
  priceDecimals: number;
  quantityDecimals: number;
  referencePrice: string;
  volatilityPpm: number;
  plate: string[];
}

const LISTINGS: Listing[] = [
  {
    base: asset('BTC', 8),
    tick: 10_000n,
    lot: 10_000n,
    priceDecimals: 2,
    quantityDecimals: 4,
    referencePrice: '65000',
    volatilityPpm: 100,
    plate: ['main', 'hot'],
  },
  {
    base: asset('ETH', 8),
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '3200',
    volatilityPpm: 120,
    plate: ['main', 'hot'],
  },
  {
    base: asset('BNB', 8),
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '580',
    volatilityPpm: 120,
    plate: ['main'],
  },
  {
    base: asset('SOL', 8),
    tick: 10_000n,
    lot: 1_000_000n,
    priceDecimals: 2,
    quantityDecimals: 2,
    referencePrice: '150',
    volatilityPpm: 160,
    plate: ['main', 'hot'],
  },
  {
    base: asset('XRP', 6),
    tick: 100n,
    lot: 100_000n,
    priceDecimals: 4,
    quantityDecimals: 1,
    referencePrice: '0.52',
    volatilityPpm: 160,
    plate: ['main'],
  },
  {
    base: asset('DOGE', 8),
    tick: 10n,
    lot: 100_000_000n,
    priceDecimals: 5,
    quantityDecimals: 0,
    referencePrice: '0.12',
    volatilityPpm: 200,
    plate: ['meme', 'hot'],
  },
  {
    base: asset('ADA', 6),
    tick: 100n,
    lot: 100_000n,
    priceDecimals: 4,
    quantityDecimals: 1,
    referencePrice: '0.45',
    volatilityPpm: 160,
    plate: ['main'],
  },
  {
    base: asset('TRX', 6),
    tick: 10n,
    lot: 1_000_000n,
    priceDecimals: 5,
    quantityDecimals: 0,
    referencePrice: '0.12',
    volatilityPpm: 120,
    plate: ['main'],
  },
  {
    base: asset('LTC', 8),
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '80',
    volatilityPpm: 140,
    plate: ['main'],
  },
  {
    base: asset('DOT', 8),
    tick: 1_000n,
    lot: 1_000_000n,
    priceDecimals: 3,
    quantityDecimals: 2,
    referencePrice: '6.5',
    volatilityPpm: 160,
    plate: ['defi'],
  },
  {
    base: asset('LINK', 8),
    tick: 1_000n,
    lot: 1_000_000n,
    priceDecimals: 3,
    quantityDecimals: 2,
    referencePrice: '14',
    volatilityPpm: 160,
    plate: ['defi'],
  },
];

/** Maker 0.10%, taker 0.20%; orders of at least 5 USDT; market orders within 5% of the best price. */
const FEES = { makerFeeBps: 10, takerFeeBps: 20 };
const MIN_NOTIONAL = 5_000_000n;
const BAND_BPS = 500;

export const LISTED_MARKETS: ListedMarket[] = LISTINGS.map((l) => {
  const symbol = `${l.base.code.toLowerCase()}usdt`;
  return {
    symbol,
    spec: {
      symbol,
      base: l.base,
      quote: USDT,
      tickSize: l.tick,
      lotSize: l.lot,
      minNotional: MIN_NOTIONAL,
      maxOrderLots: 100_000_000,
      maxPriceTicks: 10_000_000_000,
      ...FEES,
      bandBps: BAND_BPS,
    },
    priceDecimals: l.priceDecimals,
    quantityDecimals: l.quantityDecimals,
    // No contract market exists until perpetuals are built: the contract lists answer
    // empty rather than showing spot tickers as contracts.
    lists: { second: true, spot: true, contract: false },
    plate: l.plate,
    referencePrice: l.referencePrice,
    volatilityPpm: l.volatilityPpm,
  };
});

export const ENGINE_CONFIG: EngineConfig = {
  assets: [USDT, ...LISTINGS.map((l) => l.base)],
  markets: LISTED_MARKETS.map((m) => m.spec),
};

export function listedMarket(symbol: string): ListedMarket | undefined {
  return LISTED_MARKETS.find((m) => m.symbol === symbol);
}
