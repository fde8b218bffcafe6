import { parseRate, parseUnits, type PerpListing } from '@meridian/core';
import type { ListedMarket } from '../markets/index.ts';

const HOUR = 3_600_000;

/**
 * The published notional tiers: BTC and ETH as the large venues publish them for their
 * biggest markets, and a tighter table for the other coins. Notional in USDT.
 */
const TIERS = {
  major: [
    ['50000', 125, '0.004'],
    ['250000', 100, '0.005'],
    ['1000000', 50, '0.01'],
    ['10000000', 20, '0.025'],
    [null, 10, '0.05'],
  ],
  alt: [
    ['10000', 50, '0.01'],
    ['50000', 25, '0.025'],
    ['250000', 10, '0.05'],
    [null, 5, '0.1'],
  ],
} as const;

const MAJORS = new Set(['BTC', 'ETH']);

/**
 * Coin-margined tiers, notional in the coin, as the large venues publish them for their
 * BTCUSD and ETHUSD perpetuals.
 */
const INVERSE_TIERS = {
  BTC: [
    ['5', 125, '0.004'],
    ['10', 100, '0.005'],
    ['20', 50, '0.01'],
    ['50', 20, '0.025'],
    [null, 10, '0.05'],
  ],
  ETH: [
    ['100', 100, '0.005'],
    ['500', 50, '0.01'],
    ['2000', 20, '0.025'],
    [null, 10, '0.05'],
  ],
} as const;

/** USD a coin-margined contract is worth. */
const INVERSE_CONTRACT_USD = '100';

/** The coins with a USDT perpetual: the most traded ones. */
const PERPETUAL_BASES = new Set(['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']);

export function hasPerpetual(market: ListedMarket): boolean {
  return market.spec.quote.code === 'USDT' && PERPETUAL_BASES.has(market.spec.base.code);
}

export function hasInversePerpetual(market: ListedMarket): boolean {
  return market.spec.quote.code === 'USDT' && market.spec.base.code in INVERSE_TIERS;
}

/** `btcusdt` → `btcusd`: the coin-margined perpetual on the same index. */
export function inverseSymbolOf(market: ListedMarket): string {
  return `${market.spec.base.code.toLowerCase()}usd`;
}

/**
 * The coin-margined perpetual of a USDT spot market (BTC and ETH): quoted in USD (priced
 * on the USDT index, USDT's decimals), a contract worth 100 USD, margined and settled in
 * the coin; the same fees, funding and protection as the linear ones.
 */
export function inverseListingOf(market: ListedMarket): PerpListing {
  const linear = perpListingOf(market);
  const { base, quote } = market.spec;
  const tiers = INVERSE_TIERS[base.code as keyof typeof INVERSE_TIERS];
  return {
    ...linear,
    symbol: inverseSymbolOf(market),
    kind: 'inverse',
    contractSize: parseUnits(INVERSE_CONTRACT_USD, quote.decimals),
    tiers: tiers.map(([upTo, maxLeverage, rate]) => ({
      upTo: upTo === null ? null : parseUnits(upTo, base.decimals),
      maxLeverage,
      maintenanceRate: parseRate(rate)!,
    })),
    impactNotional: parseUnits('1000', quote.decimals),
  };
}

/**
 * The perpetual of a USDT spot market: same symbol, same tick;
 * a contract is the power of ten of the base coin worth 10 to 100 USDT at the market's
 * reference price (0.001 BTC, 0.01 ETH, 100 DOGE); fees 0.02 % maker, 0.05 % taker;
 * funding every 8 hours with 0.01 % interest, capped at 0.75 %; market orders at most
 * 5 % from the mark.
 */
export function perpListingOf(market: ListedMarket): PerpListing {
  const { base, quote, tickSize } = market.spec;
  const major = MAJORS.has(base.code);
  const q = 10n ** BigInt(quote.decimals);
  const reference = parseUnits(market.referencePrice, quote.decimals);
  // The largest power of ten of base units whose value stays at or under 100 USDT.
  let contractSize = 10n ** BigInt(base.decimals);
  while (
    contractSize > 1n &&
    (contractSize * reference) / 10n ** BigInt(base.decimals) > 100n * q
  ) {
    contractSize /= 10n;
  }
  while ((contractSize * reference) / 10n ** BigInt(base.decimals) < 10n * q) contractSize *= 10n;
  return {
    symbol: market.symbol,
    underlying: market.symbol,
    base: base.code,
    quote: quote.code,
    contractSize,
    tickSize,
    maxOrderContracts: 1_000_000,
    tiers: (major ? TIERS.major : TIERS.alt).map(([upTo, maxLeverage, rate]) => ({
      upTo: upTo === null ? null : parseUnits(upTo, quote.decimals),
      maxLeverage,
      maintenanceRate: parseRate(rate)!,
    })),
    makerFeeBps: 2,
    takerFeeBps: 5,
    fundingIntervalMs: 8 * HOUR,
    interestRate: parseRate('0.0001')!,
    fundingCap: parseRate('0.0075')!,
    impactNotional: parseUnits(major ? '1000' : '200', quote.decimals),
    protectionRate: parseRate('0.05')!,
  };
}
