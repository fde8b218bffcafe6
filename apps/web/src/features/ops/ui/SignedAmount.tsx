import { Decimal } from '@meridian/core';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import ui from './ui.module.css';

/**
 * A signed amount (a posting, an adjustment): credits read "+" and green, debits "-" and
 * red, so the direction reads without colour too. The sign comes from the exact decimal.
 * The shared amount rule cuts long decimals for reading; `exact` shows every digit the
 * server sent, for what an operator is about to approve. The exact value is always the
 * cell's tooltip.
 */
export function SignedAmount({
  value,
  unit,
  exact = false,
}: {
  value: string;
  unit?: string;
  exact?: boolean;
}) {
  const sign = Decimal.parse(value)?.sign() ?? 0;
  return (
    <span className={cx(sign > 0 && ui.credit, sign < 0 && ui.debit)} title={value}>
      {sign > 0 ? '+' : ''}
      {exact ? (
        <span className={cx('num', ui.exact)} data-number="amount">
          {unit ? `${value} ${unit}` : value}
        </span>
      ) : (
        <Amount value={value} unit={unit} />
      )}
    </span>
  );
}
