import type { MarketState } from '../../matching/commands.ts';

/** A journal field holding a non-negative integer (a count, basis points, minor units). */
export function isInteger(field: string): boolean {
  return /^[0-9]{1,40}$/.test(field);
}

export function isMarketState(field: string): field is MarketState {
  return field === 'trading' || field === 'paused';
}
