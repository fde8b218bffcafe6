import { formatUnits, fractionDigits, parseUnits } from '../units.ts';

/**
 * An exact decimal as integer units at a scale: `1.25` is `{ units: 125n, scale: 2 }`.
 * The order form's sums go through these so no amount ever touches a JS number.
 */
export interface Exact {
  units: bigint;
  scale: number;
}

/** Reads a plain decimal string at its own precision; anything else reads as null. */
export function exact(text: string | null | undefined): Exact | null {
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return null;
  const scale = fractionDigits(text);
  return { units: parseUnits(text, scale), scale };
}

/** Exact decimals of a step such as a tick or lot size (`0.0100` -> 2). */
export function stepDecimals(step: string): number {
  const trimmed = step.includes('.') ? step.replace(/0+$/, '').replace(/\.$/, '') : step;
  return fractionDigits(trimmed);
}

const pow10 = (n: number) => 10n ** BigInt(n);

export function rescale(value: Exact, scale: number, round: 'down' | 'up' = 'down'): Exact {
  if (scale >= value.scale) return { units: value.units * pow10(scale - value.scale), scale };
  const divisor = pow10(value.scale - scale);
  let units = value.units / divisor;
  if (round === 'up' && units * divisor < value.units) units += 1n;
  return { units, scale };
}

export const times = (a: Exact, b: Exact): Exact => ({
  units: a.units * b.units,
  scale: a.scale + b.scale,
});

export function minus(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units - rescale(b, scale).units, scale };
}

export function compare(a: Exact, b: Exact): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** `a / b` rounded down to `scale` decimals; null when `b` is zero. */
export function divide(a: Exact, b: Exact, scale: number): Exact | null {
  if (b.units === 0n) return null;
  // a.units/10^a.scale ÷ b.units/10^b.scale, in units of 10^-scale.
  const numerator = a.units * pow10(scale + b.scale);
  const denominator = b.units * pow10(a.scale);
  return { units: numerator / denominator, scale };
}

/** Rounds down to a whole number of `step`s (a lot or a tick). */
export function floorToStep(value: Exact, step: Exact): Exact {
  const scale = Math.max(value.scale, step.scale);
  const v = rescale(value, scale).units;
  const s = rescale(step, scale).units;
  return { units: s === 0n ? v : (v / s) * s, scale };
}

/** Canonical text, or at a fixed number of decimals (padded, rounded down). */
export function text(value: Exact, decimals?: number): string {
  if (decimals === undefined) return formatUnits(value.units, value.scale);
  const fixed = rescale(value, decimals);
  const plain = formatUnits(fixed.units, decimals);
  if (decimals === 0) return plain;
  const [whole, fraction = ''] = plain.split('.');
  return `${whole}.${fraction.padEnd(decimals, '0')}`;
}

export const ZERO: Exact = { units: 0n, scale: 0 };
