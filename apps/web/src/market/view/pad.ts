/**
 * Pads a formatted number with fraction zeros up to a market's decimals, so a column of
 * prices ("150.30" under "150.29") lines up and a tick never narrows a cell. It only adds
 * zeros to plain digits: an abbreviation ("1.20M") or "--" stays as the formatter wrote it,
 * and digits the formatter cut are never brought back.
 */
export function padDecimals(formatted: string, decimals: number): string {
  if (decimals <= 0 || !/^-?\d+(\.\d+)?$/.test(formatted)) return formatted;
  const [whole, fraction = ''] = formatted.split('.');
  if (fraction.length >= decimals) return formatted;
  return `${whole}.${fraction.padEnd(decimals, '0')}`;
}
