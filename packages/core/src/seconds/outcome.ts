/**
 * The rule of a second contract (PRODUCT.md 2.2), as pure arithmetic on minor units.
 *
 * A contract stakes `stake` on the index going up or down over a period. It settles on the
 * first index tick at or after its expiry:
 * - up and the close above the open, or down and the close below it: a win; the user gets
 *   the stake back plus `stake × profit rate`, paid by the pool;
 * - the other way: a loss; `stake × loss rate` goes to the pool and the rest comes back;
 * - the close equal to the open: a tie; the stake comes back whole.
 * The service charge is paid whatever the outcome: to fee revenue, a tenth of it to the
 * security fund. Rates are basis points (1 = 0.01 %); products round down, toward the
 * pool for a win and toward the user for a loss, so no side is paid a unit it did not earn.
 */

export type SecondsDirection = 'up' | 'down';
export type SecondsOutcome = 'win' | 'loss' | 'tie';

/** 100 % in basis points. */
export const RATE_SCALE = 10_000n;

export interface SecondsTerms {
  stake: bigint;
  profitBps: number;
  lossBps: number;
}

export interface SecondsResult {
  outcome: SecondsOutcome;
  /** What the user gets back from the held stake and the pool together (the charge aside). */
  payout: bigint;
  /** The user's profit (positive) or loss (negative) on the stake, the charge aside. */
  pnl: bigint;
}

/** What a win pays on top of the stake: the most the pool may owe the contract. */
export function winAmount(terms: SecondsTerms): bigint {
  return (terms.stake * BigInt(terms.profitBps)) / RATE_SCALE;
}

/** What a loss forfeits to the pool. */
export function lossAmount(terms: SecondsTerms): bigint {
  return (terms.stake * BigInt(terms.lossBps)) / RATE_SCALE;
}

/** The service charge of a stake at a rate in basis points. */
export function chargeAmount(stake: bigint, chargeBps: number): bigint {
  return (stake * BigInt(chargeBps)) / RATE_SCALE;
}

export function outcomeOf(
  direction: SecondsDirection,
  openPrice: bigint,
  closePrice: bigint,
): SecondsOutcome {
  if (closePrice === openPrice) return 'tie';
  return closePrice > openPrice === (direction === 'up') ? 'win' : 'loss';
}

export function settle(
  direction: SecondsDirection,
  openPrice: bigint,
  closePrice: bigint,
  terms: SecondsTerms,
): SecondsResult {
  const outcome = outcomeOf(direction, openPrice, closePrice);
  if (outcome === 'win') {
    const win = winAmount(terms);
    return { outcome, payout: terms.stake + win, pnl: win };
  }
  if (outcome === 'loss') {
    const loss = lossAmount(terms);
    return { outcome, payout: terms.stake - loss, pnl: -loss };
  }
  return { outcome, payout: terms.stake, pnl: 0n };
}
