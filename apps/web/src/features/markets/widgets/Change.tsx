import { formatChangePercent } from '@meridian/core';
import { directionOf } from './direction.ts';

/**
 * A 24 h change in percent. The formatter gives the magnitude (seed section 4); the sign
 * is written out as well as coloured, so the change reads without colour too.
 */
export function ChangePercent({
  value,
  pill = false,
}: {
  value: string | undefined;
  pill?: boolean;
}) {
  const direction = directionOf(value);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  const text = value === undefined ? '--' : `${sign}${formatChangePercent(value)}%`;
  return <span className={`num chg chg-${direction}${pill ? ' chg-pill' : ''}`}>{text}</span>;
}
