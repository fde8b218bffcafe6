import { Decimal } from '../decimal.ts';

/**
 * One number style for every screen: four kinds of values, each with seed section 9's
 * rule, written with the separators of the reader's locale.
 *
 * - `price`: a market price. From 100 two decimals; from 1 up to 4; below 1 up to 8
 *   (significant digits of small coins); never fewer than 2, so a price reads as one,
 *   and no zeros past those 2 ("72.37", not "72.3700"). Rounded half away from zero.
 * - `amount`: a quantity or balance. Below 1 up to 8 decimals; 1-10 up to 6; 10-1000 up
 *   to 5 (trailing zeros dropped); 1k-10k 3; 10k-100k 2; from 100k 1 and from 1M none
 *   (fixed, so a column lines up). Cut, never rounded up: a balance never shows more
 *   than it is.
 * - `percent`: a change, 2 decimals; a move that would read 0.00 reads 0.01 (the seed's
 *   minimum display), so it is never hidden.
 * - `fiat`: a value in a display currency, at that currency's own decimals (JPY, KRW,
 *   VND 0; most 2), rounded half up.
 *
 * Abbreviation (K, M, B, T at 1e3 for prices, 1e6, 1e9, 1e12 for all) only where the
 * caller declares the column compact: a figure in a list that is scanned, not read (a
 * 24 h volume). A price column is not compact.
 *
 * Values come and stay as decimal strings: every step is on `Decimal`, never a JS number.
 * Intl is asked only for the locale's separators and patterns (with constant samples).
 */

/** Shown instead of a value that is not a number, so a bad field never reads as zero. */
const NOT_SHOWN = '--';

export interface NumberStyleOptions {
  /** A BCP 47 locale ("en-US", "de", "zh-TW"): separators and patterns follow it. */
  locale: string;
  /** The column is declared compact: large values abbreviate to K/M/B/T. */
  compact?: boolean;
}

export interface AmountStyleOptions extends NumberStyleOptions {
  /**
   * Exactly this many decimals (a market's lot decimals), cut like the rule, where the
   * rows of one market must line up (an order book's amounts and totals). Elsewhere leave
   * it out: the rule applies.
   */
  decimals?: number;
}

export interface PriceStyleOptions extends NumberStyleOptions {
  /**
   * Exactly this many decimals (a market's tick decimals), where rows of one market
   * must line up (an order book). Elsewhere leave it out: the rule applies.
   */
  decimals?: number;
}

export interface PercentStyleOptions {
  locale: string;
  /** Write "+" / "-" in front (the default); false gives the magnitude only. */
  signed?: boolean;
}

export interface Currency {
  /** ISO 4217 code, "USD", "KRW". */
  code: string;
  /** Its sign as published ("$", "₩"); without one the code is written. */
  symbol?: string;
}

export interface FiatStyleOptions extends NumberStyleOptions {
  /** `symbol` (the default) writes "$66,777.57"; `code` writes "1,460 KRW". */
  show?: 'symbol' | 'code';
}

/** A number as the rules leave it, before the locale writes it: "-1234.5" and a suffix. */
interface Plain {
  digits: string;
  suffix: string;
}

const ABBREVIATIONS = [
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
] as const;
const PRICE_ABBREVIATIONS = [...ABBREVIATIONS, { power: 3, suffix: 'K' }] as const;

const atLeast = (value: Decimal, power: number) =>
  value.abs().compare(Decimal.fromUnits(10n ** BigInt(power), 0)) >= 0;

/** The value in units of 10^power (millions, billions…): only the point moves. */
const inUnitsOf = (value: Decimal, power: number) =>
  Decimal.fromUnits(value.units, value.scale + power);

/** Between `min` and `max` decimals: rounded to `max`, then zeros beyond `min` dropped. */
function between(value: Decimal, min: number, max: number, rounding: 'half-up' | 'down') {
  const kept = value.rescale(max, rounding);
  return kept.toFixed(Math.max(min, kept.decimalPlaces()), rounding);
}

/** -0 never shows: a value that rounds to zero is written without its sign. */
const unsigned = (text: string) => (/^-0(\.0*)?$/.test(text) ? text.slice(1) : text);

function abbreviate(
  parsed: Decimal,
  table: readonly { power: number; suffix: string }[],
  rounding: 'half-up' | 'down',
): Plain | null {
  for (const { power, suffix } of table) {
    if (atLeast(parsed, power))
      return { digits: inUnitsOf(parsed, power).toFixed(2, rounding), suffix };
  }
  return null;
}

function plainPrice(parsed: Decimal, options: Omit<PriceStyleOptions, 'locale'>): Plain {
  if (options.compact) {
    const short = abbreviate(parsed, PRICE_ABBREVIATIONS, 'half-up');
    if (short) return short;
  }
  if (options.decimals !== undefined && Number.isSafeInteger(options.decimals))
    return { digits: parsed.toFixed(Math.max(0, options.decimals), 'half-up'), suffix: '' };
  if (atLeast(parsed, 2)) return { digits: parsed.toFixed(2, 'half-up'), suffix: '' };
  const max = atLeast(parsed, 0) ? 4 : 8;
  return { digits: between(parsed, 2, max, 'half-up'), suffix: '' };
}

function plainAmount(parsed: Decimal, compact: boolean, exactly?: number): Plain {
  if (exactly !== undefined && Number.isSafeInteger(exactly))
    return { digits: parsed.toFixed(Math.max(0, exactly), 'down'), suffix: '' };
  if (compact) {
    const short = abbreviate(parsed, ABBREVIATIONS, 'down');
    if (short) return short;
  }
  const fixed = (decimals: number) => ({ digits: parsed.toFixed(decimals, 'down'), suffix: '' });
  if (atLeast(parsed, 6)) return fixed(0);
  if (atLeast(parsed, 5)) return fixed(1);
  if (atLeast(parsed, 4)) return fixed(2);
  if (atLeast(parsed, 3)) return fixed(3);
  const decimals = atLeast(parsed, 1) ? 5 : atLeast(parsed, 0) ? 6 : 8;
  return { digits: parsed.rescale(decimals, 'down').toString(), suffix: '' };
}

/** The seed's minimum shown change: a nonzero change under 0.005 reads 0.01. */
function plainPercentMagnitude(parsed: Decimal): string {
  const magnitude = parsed.abs();
  if (!magnitude.isZero() && magnitude.rescale(2, 'half-up').isZero()) return '0.01';
  return magnitude.toFixed(2, 'half-up');
}

/** Rule-only forms (no locale), for the older compact formatters and for tests. */
export const plainRules = {
  price: (value: string, options: Omit<PriceStyleOptions, 'locale'> = {}): string | null => {
    const parsed = Decimal.parseLenient(value);
    if (!parsed) return null;
    const { digits, suffix } = plainPrice(parsed, options);
    return unsigned(digits) + suffix;
  },
  amount: (value: string, compact = false): string | null => {
    const parsed = Decimal.parseLenient(value);
    if (!parsed) return null;
    const { digits, suffix } = plainAmount(parsed, compact);
    return unsigned(digits) + suffix;
  },
  percentMagnitude: (value: string): string | null => {
    const parsed = Decimal.parseLenient(value);
    return parsed ? plainPercentMagnitude(parsed) : null;
  },
};

/** What a locale writes around digits: its separators and the patterns of % and money. */
interface LocaleSymbols {
  group: string;
  decimal: string;
  /** 2 where a 4-digit whole part stays ungrouped (es, it: "1234,5" but "12.345,6"). */
  minimumGrouping: number;
  /** Before and after the number in a percentage: "", "%" in en; "", " %" in de. */
  percent: [string, string];
}

const localeCache = new Map<string, LocaleSymbols>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // A malformed locale tag: English rather than an error on the page.
    return new Intl.NumberFormat('en-US', options);
  }
}

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);
const isNumberPart = (p: Intl.NumberFormatPart) => NUMBER_PARTS.has(p.type);

/** The text a pattern writes before the first and after the last digit of its number. */
function around(parts: Intl.NumberFormatPart[]): [string, string] {
  const first = parts.findIndex(isNumberPart);
  const last = parts.length - 1 - [...parts].reverse().findIndex(isNumberPart);
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return [text(parts.slice(0, first)), text(parts.slice(last + 1))];
}

/** The separators of a locale, read once from Intl with constant samples. */
export function localeSymbols(locale: string): LocaleSymbols {
  const cached = localeCache.get(locale);
  if (cached) return cached;
  const plain = numberFormat(locale).formatToParts(1234567.5);
  const grouped = numberFormat(locale).formatToParts(1000);
  const symbols: LocaleSymbols = {
    group: plain.find((p) => p.type === 'group')?.value ?? ',',
    decimal: plain.find((p) => p.type === 'decimal')?.value ?? '.',
    minimumGrouping: grouped.some((p) => p.type === 'group') ? 1 : 2,
    percent: around(numberFormat(locale, { style: 'percent' }).formatToParts(0.5)),
  };
  localeCache.set(locale, symbols);
  return symbols;
}

/** "-1234567.5" -> "-1,234,567.5" (en), "-1.234.567,5" (de), "-1 234 567,5" (fr). */
export function localizeDigits(digits: string, locale: string): string {
  const { group, decimal, minimumGrouping } = localeSymbols(locale);
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  const [whole = '', fraction] = body.split('.');
  const grouped =
    whole.length >= 4 + (minimumGrouping - 1)
      ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
      : whole;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : decimal + fraction}`;
}

const localize = ({ digits, suffix }: Plain, locale: string) =>
  localizeDigits(unsigned(digits), locale) + suffix;

/** A market price (rule above); "--" for text that is not a number. */
export function displayPrice(value: string, options: PriceStyleOptions): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_SHOWN;
  return localize(plainPrice(parsed, options), options.locale);
}

/** A quantity or balance (rule above); "--" for text that is not a number. */
export function displayAmount(value: string, options: AmountStyleOptions): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_SHOWN;
  return localize(plainAmount(parsed, options.compact ?? false, options.decimals), options.locale);
}

/**
 * A change in percent with the locale's pattern ("+1.23%", "+1,23 %" in de and fr).
 * The sign is also carried by colour where it is shown; text keeps it readable without.
 */
export function displayPercent(value: string, options: PercentStyleOptions): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_SHOWN;
  const magnitude = localizeDigits(plainPercentMagnitude(parsed), options.locale);
  const sign = options.signed === false || parsed.isZero() ? '' : parsed.sign() > 0 ? '+' : '-';
  const [before, after] = localeSymbols(options.locale).percent;
  return `${sign}${before}${magnitude}${after}`;
}

/** ISO 4217 minor units where they are not 2. */
const CURRENCY_DECIMALS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Decimals a currency is written with: JPY, KRW, VND 0; BHD, KWD 3; most others 2. */
export function currencyDecimals(code: string): number {
  return CURRENCY_DECIMALS[code.toUpperCase()] ?? 2;
}

/** Where a locale writes a currency sign: before or after, and what is between. */
function currencyPattern(locale: string, code: string): { prefix: boolean; gap: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(1);
  } catch {
    // Not an ISO code Intl knows (or a bad locale): the sign in front, as most write it.
    return { prefix: true, gap: '' };
  }
  const sign = parts.findIndex((p) => p.type === 'currency');
  const number = parts.findIndex(isNumberPart);
  const between = parts
    .slice(Math.min(sign, number) + 1, Math.max(sign, number))
    .filter((p) => p.type === 'literal')
    .map((p) => p.value)
    .join('');
  return { prefix: sign < number, gap: between };
}

/**
 * A value in a display currency at the currency's decimals: "$66,777.57" (en, USD),
 * "66.777,57 €" (de, EUR), "1,460 KRW" (show: code). The "≈" of a converted value is the
 * caller's: it says where a figure is an estimate.
 */
export function displayFiat(value: string, currency: Currency, options: FiatStyleOptions): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_SHOWN;
  const code = currency.code.toUpperCase();
  const short = options.compact ? abbreviate(parsed, ABBREVIATIONS, 'half-up') : null;
  const number = localize(
    short ?? { digits: parsed.toFixed(currencyDecimals(code), 'half-up'), suffix: '' },
    options.locale,
  );
  if (options.show === 'code' || !currency.symbol) return `${number}\u00a0${code}`;
  const { prefix, gap } = currencyPattern(options.locale, code);
  const negative = number.startsWith('-');
  const magnitude = negative ? number.slice(1) : number;
  const body = prefix
    ? `${currency.symbol}${gap}${magnitude}`
    : `${magnitude}${gap}${currency.symbol}`;
  return negative ? `-${body}` : body;
}

/**
 * `value` (in the quote, USDT) times a display currency's rate, exactly; null when either
 * is not a number. The product is rounded only when written (displayFiat).
 */
export function convertAt(value: string, rate: string): string | null {
  const a = Decimal.parseLenient(value);
  const b = Decimal.parseLenient(rate);
  if (!a || !b) return null;
  return a.times(b).toString();
}
