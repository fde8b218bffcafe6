import {
  compareDecimal,
  convertAt,
  displayAmount,
  displayFiat,
  displayPercent,
  displayPrice,
  localizeDigits,
  type Currency,
} from '@meridian/core';
import { localeOf } from '../i18n/index.ts';
import { useSettings } from '../settings/store.ts';
import { cx } from './cx.ts';
import market from './market.module.css';
import styles from './numbers.module.css';

/**
 * The number cells: one style for every figure on every page (packages/core
 * format/number-style.ts holds the rules). Each renders tabular figures that never wrap;
 * in a table the column is right-aligned (antd `align: 'right'`, or `className="num"` on
 * a plain `th`/`td`). The locale is the app's language (settings), so en reads
 * "66,777.57", de "66.777,57", fr "66 777,57".
 *
 * `compact` (K/M/B/T) is for columns that are scanned, not read; today only the 24 h
 * volume on the quotes list (and the market header's). A price column is never compact.
 */

/** The number locale of the app's language. */
export function useNumberLocale(): string {
  return localeOf(useSettings((s) => s.language));
}

interface FigureProps {
  /** A decimal string as the server sends it; null/undefined shows "--". */
  value: string | null | undefined;
  className?: string;
  /** A coin or currency written after the figure ("0.1 USDT"). */
  unit?: string;
}

const NONE = '--';

/** Whether the rules can read the text (they show "--" otherwise). */
const isNumberText = (value: string) => displayAmount(value, { locale: 'en' }) !== NONE;

function Figure({
  kind,
  text,
  unit,
  className,
}: {
  kind: string;
  text: string;
  unit?: string;
  className?: string;
}) {
  return (
    <span className={cx('num', styles.figure, className)} data-number={kind}>
      {unit && text !== NONE ? `${text} ${unit}` : text}
    </span>
  );
}

/**
 * A market price: from 100 two decimals, smaller prices up to 4 (from 1) or 8 decimals,
 * never fewer than 2. `decimals` fixes the market's tick decimals where rows of one market
 * line up (the order book); elsewhere the rule. Not compact anywhere today.
 */
export function Price({
  value,
  compact = false,
  decimals,
  unit,
  className,
}: FigureProps & { compact?: boolean; decimals?: number }) {
  const locale = useNumberLocale();
  const text = value == null ? NONE : displayPrice(value, { locale, compact, decimals });
  return <Figure kind="price" text={text} unit={unit} className={className} />;
}

/**
 * A quantity or balance: seed section 9's amount rule (cut, never rounded up). Compact
 * (M/B/T from 1e6) on the quotes list's 24 h volume only.
 */
export function Amount({
  value,
  compact = false,
  decimals,
  unit,
  className,
}: FigureProps & {
  compact?: boolean;
  /** Exactly this many decimals, where one market's rows must line up (a book). */
  decimals?: number;
}) {
  const locale = useNumberLocale();
  const text =
    value == null
      ? NONE
      : displayAmount(value, { locale, compact, ...(decimals === undefined ? {} : { decimals }) });
  return <Figure kind="amount" text={text} unit={unit} className={className} />;
}

/**
 * Every digit of an amount, only grouped: for what money moves by (a withdrawal's fee and
 * total, a swap's quote) and for published rules and limits, where the amount rule's cut
 * (1,505.1234 shown as 1,505.123) would hide what is charged.
 */
export function Exact({ value, unit, className }: FigureProps) {
  const locale = useNumberLocale();
  const text = value == null || !isNumberText(value) ? NONE : localizeDigits(value, locale);
  return <Figure kind="amount" text={text} unit={unit} className={className} />;
}

/**
 * A change in percent, 2 decimals (a nonzero move under 0.005 reads 0.01). Its sign is
 * written and also carried by colour (green up, red down), so it reads without colour;
 * `pill` puts it on a tinted chip (top movers, market header).
 */
export function Percent({
  value,
  pill = false,
  className,
}: {
  value: string | null | undefined;
  pill?: boolean;
  className?: string;
}) {
  const locale = useNumberLocale();
  const direction = directionOfChange(value);
  const text = value == null ? NONE : displayPercent(value, { locale });
  return (
    <span
      className={cx('num', styles.figure, market[direction], pill && market.pill, className)}
      data-number="percent"
      data-direction={direction}
    >
      {text}
    </span>
  );
}

/** up / down / flat by the sign of a decimal string (no JS number); bad text is flat. */
function directionOfChange(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (value == null || !isNumberText(value)) return 'flat';
  const order = compareDecimal(value, '0');
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}

/**
 * A value in the display currency. Without `currency` the value is in the quote coin
 * (USDT) and is converted at the display currency's rate from the settings, written
 * "≈ $66,777.57" (an estimate, hence ≈). With `currency` the value is already in it
 * ("1,460 KRW" on the rate page with `show="code"`). The currency's own decimals: JPY,
 * KRW, VND 0, most others 2.
 */
export function Fiat({
  value,
  currency,
  show = 'symbol',
  approx,
  compact = false,
  className,
}: {
  value: string | null | undefined;
  currency?: Currency;
  show?: 'symbol' | 'code';
  /** "≈ " in front: by default only for a converted value. */
  approx?: boolean;
  compact?: boolean;
  className?: string;
}) {
  const locale = useNumberLocale();
  const display = useSettings((s) => s.currency);
  const converted = currency === undefined;
  const amount = value == null ? null : converted ? convertAt(value, display.rate) : value;
  const text =
    amount === null ? NONE : displayFiat(amount, currency ?? display, { locale, show, compact });
  const estimate = (approx ?? converted) && text !== NONE;
  return <Figure kind="fiat" text={estimate ? `≈ ${text}` : text} className={className} />;
}
