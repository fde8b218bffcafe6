import { formatUnits, fractionDigits, parseUnits } from '@meridian/core';
import type { Depth } from '../../data/depth.ts';

export interface BookLevel {
  price: string;
  amount: string;
  /** Cumulative amount from the best level, as a share of the side's total (0-100), for
   * the depth bar behind the row. */
  depthPercent: number;
}

export interface BookView {
  /** Exactly `rows` entries per side; `null` where the book has no level, so the rows
   * keep their place and only their content changes. Asks are ordered best last, bids
   * best first: the spread sits between them. */
  asks: (BookLevel | null)[];
  bids: (BookLevel | null)[];
  /** Best ask minus best bid, exact, or null when a side is empty. */
  spread: string | null;
}

/** Sums amounts exactly as integer units of the longest fraction present. */
function side(levels: [string, string][], rows: number): (BookLevel | null)[] {
  const top = levels.slice(0, rows);
  const decimals = Math.max(0, ...top.map(([, amount]) => fractionDigits(amount)));
  let running = 0n;
  const cumulative = top.map(([, amount]) => (running += parseUnits(amount, decimals)));
  const total = running > 0n ? running : 1n;
  const out: (BookLevel | null)[] = top.map(([price, amount], i) => ({
    price,
    amount,
    // Per mille in BigInt, then a plain number: the width of a bar, not an amount.
    depthPercent: Number(((cumulative[i] ?? 0n) * 1000n) / total) / 10,
  }));
  while (out.length < rows) out.push(null);
  return out;
}

export function bookView(depth: Depth | null, rows: number): BookView {
  const asks = side(depth?.asks ?? [], rows);
  const bids = side(depth?.bids ?? [], rows);
  const bestAsk = depth?.asks[0]?.[0];
  const bestBid = depth?.bids[0]?.[0];
  let spread: string | null = null;
  if (bestAsk !== undefined && bestBid !== undefined) {
    const decimals = Math.max(fractionDigits(bestAsk), fractionDigits(bestBid));
    spread = formatUnits(parseUnits(bestAsk, decimals) - parseUnits(bestBid, decimals), decimals);
  }
  return { asks: asks.reverse(), bids, spread };
}
