/**
 * Basis points as a percent, exactly: 10 bps is "0.1%", 7 "0.07%", -5 "-0.05%". Integer
 * text arithmetic (bps are whole numbers), never a division of JS numbers.
 */
export function bpsPercent(bps: number): string {
  if (!Number.isSafeInteger(bps)) return '--';
  const negative = bps < 0;
  const digits = String(Math.abs(bps)).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}%`;
}
