import { Decimal, formatUnits, fractionDigits, groupLevels, parseUnits } from '@meridian/core';
import type { Depth } from '../../data/depth.ts';

export interface BookLevel {
  price: string;
  amount: string;
  /** Amount of this level and every better one of its side, exact. */
  total: string;
  /** `total` as a share of the larger side's total on screen (0-100), for the depth bar
   * behind the row: the two sides' bars are drawn to one scale, so they compare. */
  depthPercent: number;
}

export interface BookView {
  /** At most `rows` levels per side and never an empty one: asks best last, bids best
   * first, so the spread sits between them. A thin book shows fewer rows, aligned to the
   * middle by the view. */
  asks: BookLevel[];
  bids: BookLevel[];
  /** Best ask minus best bid, exact, or null when a side is empty. */
  spread: string | null;
  /** The spread as a percentage of the mid price, 4 decimals, or null. */
  spreadPercent: string | null;
}

type Levels = readonly (readonly [string, string])[];

/** Cumulative totals of the best `rows` levels, summed exactly in integer units. */
function cumulate(levels: Levels, rows: number) {
  const top = levels.slice(0, rows);
  const decimals = Math.max(0, ...top.map(([, amount]) => fractionDigits(amount)));
  let running = 0n;
  const totals = top.map(([, amount]) => (running += parseUnits(amount, decimals)));
  return { top, totals, decimals };
}

/** Scales `units` (in `decimals`) against `max` (in `maxDecimals`) to a percentage with one decimal. */
function share(units: bigint, decimals: number, max: bigint, maxDecimals: number): number {
  if (max <= 0n) return 0;
  const d = Math.max(decimals, maxDecimals);
  const a = units * 10n ** BigInt(d - decimals);
  const b = max * 10n ** BigInt(d - maxDecimals);
  // Per mille in BigInt, then a plain number: the width of a bar, not an amount.
  return Number((a * 1000n) / b) / 10;
}

/**
 * The spread as a percentage of the mid price ((ask - bid) / ((ask + bid) / 2) × 100),
 * exact to 4 decimals, rounded half up; null without both prices or with a crossed book.
 */
export function spreadPercent(bestAsk: string, bestBid: string): string | null {
  const ask = Decimal.parse(bestAsk);
  const bid = Decimal.parse(bestBid);
  if (!ask || !bid) return null;
  const sum = ask.plus(bid);
  const spread = ask.minus(bid);
  if (sum.sign() <= 0 || spread.sign() < 0) return null;
  return spread
    .times(Decimal.fromUnits(200n, 0))
    .dividedBy(sum, 4, 'half-up')
    .toFixed(4, 'half-up');
}

/** Best ask minus best bid, exact, in the longer of the two prices' decimals. */
export function spreadOf(bestAsk: string, bestBid: string): string {
  const decimals = Math.max(fractionDigits(bestAsk), fractionDigits(bestBid));
  return formatUnits(parseUnits(bestAsk, decimals) - parseUnits(bestBid, decimals), decimals);
}

/**
 * The rows of the book: grouped by `step` when one is given (exactly, by the core's
 * grouping: asks up, bids down), at most `rows` per side, with cumulative totals and depth
 * bars. The spread is always the real book's, not the grouped rows'.
 */
export function bookView(depth: Depth | null, rows: number, step: string | null = null): BookView {
  const rawAsks = depth?.asks ?? [];
  const rawBids = depth?.bids ?? [];
  const asks = step ? groupLevels(rawAsks, 'ask', step) : rawAsks;
  const bids = step ? groupLevels(rawBids, 'bid', step) : rawBids;
  const a = cumulate(asks, rows);
  const b = cumulate(bids, rows);
  const askMax = a.totals.at(-1) ?? 0n;
  const bidMax = b.totals.at(-1) ?? 0n;
  // The larger side's total is the full bar; compared at one scale.
  const d = Math.max(a.decimals, b.decimals);
  const askScaled = askMax * 10n ** BigInt(d - a.decimals);
  const bidScaled = bidMax * 10n ** BigInt(d - b.decimals);
  const max = askScaled > bidScaled ? askScaled : bidScaled;
  const levels = (side: typeof a): BookLevel[] =>
    side.top.map(([price, amount], i) => {
      const total = side.totals[i] ?? 0n;
      return {
        price,
        amount,
        total: formatUnits(total, side.decimals),
        depthPercent: share(total, side.decimals, max, d),
      };
    });
  const bestAsk = rawAsks[0]?.[0];
  const bestBid = rawBids[0]?.[0];
  const both = bestAsk !== undefined && bestBid !== undefined;
  return {
    asks: levels(a).reverse(),
    bids: levels(b),
    spread: both ? spreadOf(bestAsk, bestBid) : null,
    spreadPercent: both ? spreadPercent(bestAsk, bestBid) : null,
  };
}

/** Height of a book row in px: 24 on a phone (a finger's tap target), 20 with a mouse. */
export const BOOK_ROW_PX = { phone: 24, desktop: 20 } as const;

/**
 * How many rows per side fit a book of `height` px, given what else the panel holds
 * (`chrome`: its title, column heads and the middle row), between `min` and `max`.
 */
export function rowsThatFit(
  height: number,
  rowPx: number,
  chrome: number,
  limits: { min: number; max: number },
): number {
  const fit = Math.floor((height - chrome) / (2 * rowPx));
  return Math.max(limits.min, Math.min(limits.max, Number.isFinite(fit) ? fit : limits.min));
}
