import type { Asset, EngineConfig, MarketSpec } from '@meridian/core';
import type { ListedMarket } from './catalogue.ts';

/**
 * The catalogue as it was fixed in code before it became data (issue 16): USDT and eleven
 * USDT markets. Two things start from it and must never see it change: every engine
 * journal, which begins with these assets and markets at sequence 0 (journals and
 * snapshots written before listings were commands name them without listing them), and
 * migration 0021, which seeds the catalogue tables with them. Anything listed since is a
 * row in those tables and a journalled `list-asset` or `list-market` command.
 */
interface GenesisCoin {
  code: string;
  name: string;
  decimals: number;
}

export interface GenesisListing {
  base: GenesisCoin;
  /** Quote minor units per whole base unit. */
  tick: bigint;
  /** Base minor units. */
  lot: bigint;
  priceDecimals: number;
  quantityDecimals: number;
  referencePrice: string;
  volatilityPpm: number;
  plate: string[];
}

/** Every amount a request may name is below 10^18 minor units. */
export const GENESIS_MAX_AMOUNT = 10n ** 18n;

export const GENESIS_QUOTE: GenesisCoin = { code: 'USDT', name: 'Tether USD', decimals: 6 };

export const GENESIS_LISTINGS: readonly GenesisListing[] = [
  {
    base: { code: 'BTC', name: 'Bitcoin', decimals: 8 },
    tick: 10_000n,
    lot: 10_000n,
    priceDecimals: 2,
    quantityDecimals: 4,
    referencePrice: '65000',
    volatilityPpm: 100,
    plate: ['main', 'hot'],
  },
  {
    base: { code: 'ETH', name: 'Ethereum', decimals: 8 },
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '3200',
    volatilityPpm: 120,
    plate: ['main', 'hot'],
  },
  {
    base: { code: 'BNB', name: 'BNB', decimals: 8 },
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '580',
    volatilityPpm: 120,
    plate: ['main'],
  },
  {
    base: { code: 'SOL', name: 'Solana', decimals: 8 },
    tick: 10_000n,
    lot: 1_000_000n,
    priceDecimals: 2,
    quantityDecimals: 2,
    referencePrice: '150',
    volatilityPpm: 160,
    plate: ['main', 'hot'],
  },
  {
    base: { code: 'XRP', name: 'XRP', decimals: 6 },
    tick: 100n,
    lot: 100_000n,
    priceDecimals: 4,
    quantityDecimals: 1,
    referencePrice: '0.52',
    volatilityPpm: 160,
    plate: ['main'],
  },
  {
    base: { code: 'DOGE', name: 'Dogecoin', decimals: 8 },
    tick: 10n,
    lot: 100_000_000n,
    priceDecimals: 5,
    quantityDecimals: 0,
    referencePrice: '0.12',
    volatilityPpm: 200,
    plate: ['meme', 'hot'],
  },
  {
    base: { code: 'ADA', name: 'Cardano', decimals: 6 },
    tick: 100n,
    lot: 100_000n,
    priceDecimals: 4,
    quantityDecimals: 1,
    referencePrice: '0.45',
    volatilityPpm: 160,
    plate: ['main'],
  },
  {
    base: { code: 'TRX', name: 'TRON', decimals: 6 },
    tick: 10n,
    lot: 1_000_000n,
    priceDecimals: 5,
    quantityDecimals: 0,
    referencePrice: '0.12',
    volatilityPpm: 120,
    plate: ['main'],
  },
  {
    base: { code: 'LTC', name: 'Litecoin', decimals: 8 },
    tick: 10_000n,
    lot: 100_000n,
    priceDecimals: 2,
    quantityDecimals: 3,
    referencePrice: '80',
    volatilityPpm: 140,
    plate: ['main'],
  },
  {
    base: { code: 'DOT', name: 'Polkadot', decimals: 8 },
    tick: 1_000n,
    lot: 1_000_000n,
    priceDecimals: 3,
    quantityDecimals: 2,
    referencePrice: '6.5',
    volatilityPpm: 160,
    plate: ['defi'],
  },
  {
    base: { code: 'LINK', name: 'Chainlink', decimals: 8 },
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
export const GENESIS_TERMS = {
  makerFeeBps: 10,
  takerFeeBps: 20,
  minNotional: 5_000_000n,
  bandBps: 500,
  maxOrderLots: 100_000_000,
  maxPriceTicks: 10_000_000_000,
} as const;

const asset = (coin: GenesisCoin): Asset => ({
  code: coin.code,
  decimals: coin.decimals,
  maxAmount: GENESIS_MAX_AMOUNT,
});

export const GENESIS_ASSETS: readonly Asset[] = [
  asset(GENESIS_QUOTE),
  ...GENESIS_LISTINGS.map((l) => asset(l.base)),
];

/** `btcusdt`: lowercase base + quote (seed section 9). */
export const genesisSymbol = (l: GenesisListing) =>
  `${l.base.code}${GENESIS_QUOTE.code}`.toLowerCase();

export const GENESIS_MARKETS: readonly MarketSpec[] = GENESIS_LISTINGS.map((l) => ({
  symbol: genesisSymbol(l),
  base: GENESIS_ASSETS.find((a) => a.code === l.base.code)!,
  quote: GENESIS_ASSETS[0]!,
  tickSize: l.tick,
  lotSize: l.lot,
  minNotional: GENESIS_TERMS.minNotional,
  maxOrderLots: GENESIS_TERMS.maxOrderLots,
  maxPriceTicks: GENESIS_TERMS.maxPriceTicks,
  makerFeeBps: GENESIS_TERMS.makerFeeBps,
  takerFeeBps: GENESIS_TERMS.takerFeeBps,
  bandBps: GENESIS_TERMS.bandBps,
}));

/** What every engine trades from its first command on; the rest it lists by command. */
export const GENESIS_ENGINE_CONFIG: EngineConfig = {
  assets: [...GENESIS_ASSETS],
  markets: [...GENESIS_MARKETS],
};

/**
 * The genesis markets as the catalogue lists them on a new deployment (what migration
 * 0021 seeds): for tests and benchmarks that run parts of the market without a database.
 */
export function genesisMarkets(): ListedMarket[] {
  return GENESIS_LISTINGS.map((l, i) => ({
    spec: GENESIS_MARKETS[i]!,
    symbol: genesisSymbol(l),
    priceDecimals: l.priceDecimals,
    quantityDecimals: l.quantityDecimals,
    lists: { second: true, spot: true, contract: false },
    plate: [...l.plate],
    referencePrice: l.referencePrice,
    volatilityPpm: l.volatilityPpm,
    state: 'trading',
    position: i + 1,
  }));
}
