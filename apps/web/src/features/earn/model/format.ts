import { formatUnits, parseUnits } from '@meridian/core';

/**
 * A published rate (a decimal fraction with up to 6 places, "0.0012") as a percent with
 * every digit ("0.12"): the point moves two places, exactly, never through a float.
 */
export function ratePercent(rate: string): string {
  return formatUnits(parseUnits(rate, 6), 4);
}

/** The display name of a product: made of its translated kind, coin and cycle. */
export interface NamedProduct {
  kind: 'pledge' | 'finance';
  section: 'benefit' | 'vip' | 'ordinary' | null;
  coin: string;
  cycleDays: number;
}

export function nameKey(p: NamedProduct): string {
  return p.kind === 'pledge' ? 'name.pledge' : `name.${p.section ?? 'ordinary'}`;
}
