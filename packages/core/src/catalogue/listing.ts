import { readAmount, type Asset } from '../ledger/assets.ts';
import { Market, type MarketSpec } from '../matching/market.ts';

/**
 * An asset code as account keys and journal records carry it: capitals and digits, so it
 * never breaks a key (`u:<user>:1:a:<asset>`) or a record.
 */
export const ASSET_CODE = /^[A-Z0-9]{1,10}$/;
/**
 * A market symbol as records carry it: lowercase base and quote codes (`btcusdt`), so it
 * never holds the `=` of an index record or a tab.
 */
export const MARKET_SYMBOL = /^[a-z0-9]{2,20}$/;
/** More than 18 places would outgrow what one amount column holds exactly. */
export const MAX_ASSET_DECIMALS = 18;
/** Every listed asset's largest amount per request, as the first catalogue had it. */
export const LISTED_MAX_AMOUNT = 10n ** 18n;
/** Fees an operator may set: up to 10% a side; the engine itself accepts up to 100%. */
export const MAX_FEE_BPS = 1_000;
/** A market order's protection band: at least a basis point, at most half the price. */
export const MAX_BAND_BPS = 5_000;
/** The simulated index's one-second move: up to 10% (parts per million). */
export const MAX_VOLATILITY_PPM = 100_000;
/** Order size and price limits every listed market shares (within the book's safe range). */
export const LISTING_LIMITS = { maxOrderLots: 100_000_000, maxPriceTicks: 10_000_000_000 };

export type ListingProblem =
  /** Not a decimal number, or more decimals than its coin has. */
  | 'invalid_number'
  | 'not_positive'
  /** Out of its range (`min`..`max` in the refusal). */
  | 'out_of_range'
  /** A step with more decimals than the market shows for it. */
  | 'step_decimals'
  /** Tick × lot is not a whole number of the quote coin's minor units. */
  | 'tick_lot'
  /** A reference price below one tick. */
  | 'below_tick'
  | 'same_coin'
  | 'invalid_code';

export interface ListingRefusal {
  ok: false;
  field: string;
  problem: ListingProblem;
  min?: number;
  max?: number;
}

/** A market as an operator describes it: sizes as decimal strings, rates in basis points. */
export interface MarketListingInput {
  base: Asset;
  quote: Asset;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFeeBps: number;
  takerFeeBps: number;
  bandBps: number;
  priceDecimals: number;
  quantityDecimals: number;
  referencePrice: string;
  volatilityPpm: number;
}

export type MarketListingResult =
  { ok: true; spec: MarketSpec; referencePrice: bigint } | ListingRefusal;

/** Whether a whole number lies in `min..max`; otherwise the refusal naming the range. */
function inRange(field: string, n: number, min: number, max: number): ListingRefusal | undefined {
  return Number.isInteger(n) && n >= min && n <= max
    ? undefined
    : { ok: false, field, problem: 'out_of_range', min, max };
}

/** An asset's listing: its code and decimals (what the engine needs of it). */
export function checkAssetListing(code: string, decimals: number): ListingRefusal | undefined {
  if (!ASSET_CODE.test(code)) return { ok: false, field: 'code', problem: 'invalid_code' };
  return inRange('decimals', decimals, 0, MAX_ASSET_DECIMALS);
}

/**
 * Reads a market listing into the engine's integer spec, refusing the first field the
 * engine could not trade with or the quote pages could not show: every size positive
 * and within its coin's decimals, each step no finer than the decimals shown for it,
 * tick × lot a whole quote minor unit, rates within their bounds.
 */
export function readMarketListing(input: MarketListingInput): MarketListingResult {
  const { base, quote } = input;
  if (base.code === quote.code) return { ok: false, field: 'quote', problem: 'same_coin' };
  const symbol = `${base.code}${quote.code}`.toLowerCase();
  if (!MARKET_SYMBOL.test(symbol)) return { ok: false, field: 'base', problem: 'invalid_code' };
  const ranged =
    inRange('priceDecimals', input.priceDecimals, 0, quote.decimals) ??
    inRange('quantityDecimals', input.quantityDecimals, 0, base.decimals) ??
    inRange('makerFeeBps', input.makerFeeBps, 0, MAX_FEE_BPS) ??
    inRange('takerFeeBps', input.takerFeeBps, 0, MAX_FEE_BPS) ??
    inRange('bandBps', input.bandBps, 1, MAX_BAND_BPS) ??
    inRange('volatilityPpm', input.volatilityPpm, 1, MAX_VOLATILITY_PPM);
  if (ranged) return ranged;
  const amounts: Array<[field: string, asset: Asset, text: string]> = [
    ['tickSize', quote, input.tickSize],
    ['lotSize', base, input.lotSize],
    ['minNotional', quote, input.minNotional],
    ['referencePrice', quote, input.referencePrice],
  ];
  const units: bigint[] = [];
  for (const [field, asset, text] of amounts) {
    const read = readAmount(asset, text);
    if (!read.ok) return { ok: false, field, problem: 'invalid_number' };
    if (read.units <= 0n) return { ok: false, field, problem: 'not_positive' };
    units.push(read.units);
  }
  const [tickSize, lotSize, minNotional, referencePrice] = units as [
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  if (tickSize % 10n ** BigInt(quote.decimals - input.priceDecimals) !== 0n) {
    return { ok: false, field: 'tickSize', problem: 'step_decimals' };
  }
  if (lotSize % 10n ** BigInt(base.decimals - input.quantityDecimals) !== 0n) {
    return { ok: false, field: 'lotSize', problem: 'step_decimals' };
  }
  if ((tickSize * lotSize) % 10n ** BigInt(base.decimals) !== 0n) {
    return { ok: false, field: 'lotSize', problem: 'tick_lot' };
  }
  if (referencePrice < tickSize) {
    return { ok: false, field: 'referencePrice', problem: 'below_tick' };
  }
  const spec: MarketSpec = {
    symbol,
    base,
    quote,
    tickSize,
    lotSize,
    minNotional,
    ...LISTING_LIMITS,
    makerFeeBps: input.makerFeeBps,
    takerFeeBps: input.takerFeeBps,
    bandBps: input.bandBps,
  };
  // The engine's own check, last: whatever passes here, the list command accepts.
  new Market(spec);
  return { ok: true, spec, referencePrice };
}

/** A fee change's rates: whole basis points within the operators' bound. */
export function checkFees(makerFeeBps: number, takerFeeBps: number): ListingRefusal | undefined {
  return (
    inRange('makerFeeBps', makerFeeBps, 0, MAX_FEE_BPS) ??
    inRange('takerFeeBps', takerFeeBps, 0, MAX_FEE_BPS)
  );
}
