import { formatChangePercent } from '@meridian/core';
import { cx } from '../../../shared/ui/cx.ts';
import ui from '../../../shared/ui/market.module.css';
import { directionOf } from './direction.ts';

/**
 * A 24 h change in percent. The formatter gives the magnitude (seed section 4); the sign
 * is written out as well as coloured, so the change reads without colour too.
 */
export function ChangePercent({
  value,
  pill = false,
  className,
}: {
  value: string | undefined;
  pill?: boolean;
  className?: string;
}) {
  const direction = directionOf(value);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  const text = value === undefined ? '--' : `${sign}${formatChangePercent(value)}%`;
  return (
    <span
      className={cx('num', ui[direction], pill && ui.pill, className)}
      data-direction={direction}
    >
      {text}
    </span>
  );
}
