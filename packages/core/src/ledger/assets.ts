import { parseUnits, UnitsError } from '../units.ts';

/** An asset the ledger keeps: amounts are integer minor units, `decimals` places. */
export interface Asset {
  code: string;
  decimals: number;
  /** Largest amount one request may name, in minor units. */
  maxAmount: bigint;
}

export type AmountRejection = 'invalid_number' | 'too_many_decimals' | 'negative' | 'too_large';

export type AmountResult = { ok: true; units: bigint } | { ok: false; reason: AmountRejection };

/**
 * Reads an amount a user sent: a plain decimal string within the asset's precision and
 * maximum. `-0` counts as negative here: a user never sends a sign.
 */
export function readAmount(asset: Asset, text: string): AmountResult {
  if (text.startsWith('-')) return { ok: false, reason: 'negative' };
  try {
    return { ok: true, units: parseUnits(text, asset.decimals, { max: asset.maxAmount }) };
  } catch (error) {
    if (!(error instanceof UnitsError)) throw error;
    const reason: AmountRejection =
      error.reason === 'precision'
        ? 'too_many_decimals'
        : error.reason === 'range'
          ? 'too_large'
          : error.reason === 'negative'
            ? 'negative'
            : 'invalid_number';
    return { ok: false, reason };
  }
}
