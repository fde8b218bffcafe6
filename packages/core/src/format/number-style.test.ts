import { describe, expect, it } from 'vitest';
import {
  convertAt,
  currencyDecimals,
  displayAmount,
  displayFiat,
  displayPercent,
  displayPrice,
  localizeDigits,
} from './number-style.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('localizeDigits: thousands and decimal separators per locale', () => {
  it.each([
    ['en-US', '66777.57', '66,777.57'],
    ['en-US', '-1234567.5', '-1,234,567.5'],
    ['en-US', '999', '999'],
    ['en-US', '1000', '1,000'],
    ['de', '66777.57', '66.777,57'],
    ['de', '1234567', '1.234.567'],
    ['fr', '66777.57', `66${NNBSP}777,57`],
    ['ru', '66777.57', `66${NBSP}777,57`],
    ['it', '66777.57', '66.777,57'],
    // es and it leave a 4-digit whole part ungrouped (CLDR minimum grouping 2).
    ['es', '1234.5', '1234,5'],
    ['it', '1234.5', '1234,5'],
    ['es', '12345.5', '12.345,5'],
    ['pt', '66777.57', '66.777,57'],
    ['vi', '66777.57', '66.777,57'],
    ['ja', '66777.57', '66,777.57'],
    ['ko', '66777.57', '66,777.57'],
    ['zh-CN', '66777.57', '66,777.57'],
    ['zh-TW', '66777.57', '66,777.57'],
    ['th', '66777.57', '66,777.57'],
    ['not a locale!', '66777.57', '66,777.57'],
  ])('%s %j -> %j', (locale, digits, expected) => {
    expect(localizeDigits(digits, locale)).toBe(expected);
  });
});

describe('displayPrice', () => {
  it.each([
    // BTC reads the same on every page: grouped, never abbreviated in a price column.
    ['66777.57', {}, '66,777.57'],
    ['66777.5', {}, '66,777.50'],
    ['100066.613986', {}, '100,066.61'],
    ['72.37', {}, '72.37'],
    ['72.3700', {}, '72.37'],
    ['0.1285', {}, '0.1285'],
    ['0.12850', {}, '0.1285'],
    ['1.23456', {}, '1.2346'],
    ['0.00001234', {}, '0.00001234'],
    ['0', {}, '0.00'],
    ['-0.001', { decimals: 2 }, '0.00'],
    ['abc', {}, '--'],
    // The market's tick decimals, where a book's rows of one market line up.
    ['0.1285', { decimals: 5 }, '0.12850'],
    ['66777.575', { decimals: 2 }, '66,777.58'],
    // Compact columns only.
    ['66777.57', { compact: true }, '66.78K'],
    ['2500000000', { compact: true }, '2.50B'],
    ['999.5', { compact: true }, '999.50'],
  ])('%j %j -> %j', (value, options, expected) => {
    expect(displayPrice(value, { locale: 'en-US', ...options })).toBe(expected);
  });

  it.each([
    ['de', '66.777,57'],
    ['fr', `66${NNBSP}777,57`],
    ['ja', '66,777.57'],
  ])('%s writes BTC as %j', (locale, expected) => {
    expect(displayPrice('66777.57', { locale })).toBe(expected);
  });
});

describe('displayAmount', () => {
  it.each([
    ['0.123456789', {}, '0.12345678'],
    ['1.0000000', {}, '1'],
    ['99.123456', {}, '99.12345'],
    ['1000', {}, '1,000.000'],
    ['10000.129', {}, '10,000.12'],
    // The order form's 100066.613986 USDT and the tables now read the same.
    ['100066.613986', {}, '100,066.6'],
    ['1234567.89', {}, '1,234,567'],
    ['1234567.89', { compact: true }, '1.23M'],
    ['1500000000000000', { compact: true }, '1,500.00T'],
    ['-1234.5', {}, '-1,234.500'],
    ['-0.000000001', {}, '0'],
    ['', {}, '--'],
  ])('%j %j -> %j', (value, options, expected) => {
    expect(displayAmount(value, { locale: 'en-US', ...options })).toBe(expected);
  });

  it("keeps a market's lot decimals when given, so a book's rows line up (cut, never up)", () => {
    expect(displayAmount('0.171', { locale: 'en-US', decimals: 4 })).toBe('0.1710');
    expect(displayAmount('0.0285', { locale: 'en-US', decimals: 4 })).toBe('0.0285');
    expect(displayAmount('12.34567', { locale: 'en-US', decimals: 4 })).toBe('12.3456');
    expect(displayAmount('1234.5', { locale: 'de', decimals: 2 })).toBe('1.234,50');
    expect(displayAmount('3', { locale: 'en-US', decimals: 0 })).toBe('3');
  });

  it('groups in the locale', () => {
    expect(displayAmount('100066.613986', { locale: 'de' })).toBe('100.066,6');
    expect(displayAmount('1234567.89', { locale: 'de', compact: true })).toBe('1,23M');
  });
});

describe('displayPercent', () => {
  it.each([
    ['en-US', '1.234', {}, '+1.23%'],
    ['en-US', '-3.5', {}, '-3.50%'],
    ['en-US', '0', {}, '0.00%'],
    ['en-US', '0.004', {}, '+0.01%'],
    ['en-US', '-0.0001', {}, '-0.01%'],
    ['en-US', '-3.5', { signed: false }, '3.50%'],
    ['de', '1.234', {}, `+1,23${NBSP}%`],
    ['fr', '-1.234', {}, `-1,23${NBSP}%`],
    ['ja', '1.234', {}, '+1.23%'],
    ['en-US', 'x', {}, '--'],
  ])('%s %j %j -> %j', (locale, value, options, expected) => {
    expect(displayPercent(value, { locale, ...options })).toBe(expected);
  });
});

describe('displayFiat', () => {
  const USD = { code: 'USD', symbol: '$' };
  it.each([
    ['en-US', '66777.571', USD, {}, '$66,777.57'],
    ['en-US', '66777.575', USD, {}, '$66,777.58'],
    ['en-US', '-5', USD, {}, '-$5.00'],
    ['en-US', '1460.000', { code: 'KRW', symbol: '₩' }, { show: 'code' }, `1,460${NBSP}KRW`],
    ['en-US', '26300.00', { code: 'VND', symbol: '₫' }, { show: 'code' }, `26,300${NBSP}VND`],
    ['ja', '10123456.7', { code: 'JPY', symbol: '¥' }, {}, '¥10,123,457'],
    ['de', '66777.571', { code: 'EUR', symbol: '€' }, {}, `66.777,57${NBSP}€`],
    ['fr', '66777.571', { code: 'EUR', symbol: '€' }, {}, `66${NNBSP}777,57${NBSP}€`],
    ['en-US', '7.3', { code: 'CNY', symbol: '¥' }, {}, '¥7.30'],
    ['en-US', '7.3', { code: 'XYZW' }, {}, `7.30${NBSP}XYZW`],
    ['en-US', '2500000', USD, { compact: true }, '$2.50M'],
    ['en-US', 'x', USD, {}, '--'],
  ] as const)('%s %j %j %j -> %j', (locale, value, currency, options, expected) => {
    expect(displayFiat(value, currency, { locale, ...options })).toBe(expected);
  });

  it('knows each currency’s decimals', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('krw')).toBe(0);
    expect(currencyDecimals('VND')).toBe(0);
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('KWD')).toBe(3);
  });

  it('converts exactly, without a JS number', () => {
    expect(convertAt('0.1', '0.2')).toBe('0.02');
    expect(convertAt('123456789012345678.9', '1460')).toBe('180246911958024691194');
    expect(convertAt('x', '1')).toBeNull();
  });
});
