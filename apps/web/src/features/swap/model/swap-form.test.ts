import { describe, expect, it } from 'vitest';
import { bpsPercent, quantityProblem, quotable, secondsLeft } from './swap-form.ts';

describe('swap form rules', () => {
  it('says what is wrong with a quantity, and quotes one above the balance', () => {
    expect(quantityProblem('', '1')).toBe('required');
    expect(quantityProblem('.', '1')).toBe('invalid');
    expect(quantityProblem('0.000', '1')).toBe('zero');
    expect(quantityProblem('1.00000001', '1')).toBe('insufficient');
    expect(quantityProblem('1', '1')).toBeNull();
    expect(quotable('insufficient')).toBe(true);
    expect(quotable('zero')).toBe(false);
  });

  it('shows basis points as percent', () => {
    expect(bpsPercent(50)).toBe('0.5');
    expect(bpsPercent(10)).toBe('0.1');
    expect(bpsPercent(0)).toBe('0');
    expect(bpsPercent(125)).toBe('1.25');
  });

  it("counts a quote's seconds from its arrival, whatever the browser's clock says", () => {
    const quote = { createdAt: 5_000_000, expiresAt: 5_010_000 };
    expect(secondsLeft(quote, 100, 100)).toBe(10);
    expect(secondsLeft(quote, 100, 3_200)).toBe(7);
    expect(secondsLeft(quote, 100, 10_100)).toBe(0);
    expect(secondsLeft(quote, 100, 99_999)).toBe(0);
    // A clock read before the quote arrived never shows more than its validity.
    expect(secondsLeft(quote, 100, 0)).toBe(10);
  });
});
