/**
 * A market's own price or quantity at exactly its decimals (tick or lot precision): the
 * server's value never has more, so this only pads, and no digit is ever rounded away.
 */
export function atDecimals(value: string, decimals: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return '--';
  const [whole, fraction = ''] = value.split('.');
  if (decimals <= 0) return whole ?? value;
  return `${whole}.${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
}
