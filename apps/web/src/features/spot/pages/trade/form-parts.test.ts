import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { feeRates } from './form-parts.tsx';
import type { OrderForm } from './useOrderForm.ts';

// The message's own text is the translations' (tested through the pages); here, what is
// put into it.
const t = ((key: string, values?: Record<string, string>) =>
  `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;
const limit = { kind: 'limit' } as OrderForm;
const market = { kind: 'market' } as OrderForm;

describe('the fee rates in the order form', () => {
  it("writes each rate as the reader's locale writes a percentage", () => {
    expect(feeRates(limit, '0.001', '0.002', t, 'en-US')).toBe(
      'trade.form.makerTaker {"maker":"0.10%","taker":"0.20%"}',
    );
    expect(feeRates(limit, '0.001', '0.002', t, 'de')).toBe(
      'trade.form.makerTaker {"maker":"0,10\u00a0%","taker":"0,20\u00a0%"}',
    );
  });

  it('names only the taker rate for a market order, and says when none is published', () => {
    expect(feeRates(market, '0.001', '0.002', t, 'ru')).toBe(
      'trade.form.takerRate {"taker":"0,20\u00a0%"}',
    );
    expect(feeRates(limit, null, null, t, 'en-US')).toBe('trade.form.feeUnknown {}');
  });
});
