export { formatChangePercent, formatNumber, formatPrice, NOT_A_NUMBER } from './number-display.ts';
export {
  convertAt,
  currencyDecimals,
  displayAmount,
  displayFiat,
  displayPercent,
  displayPrice,
  localizeDigits,
  type Currency,
  type FiatStyleOptions,
  type NumberStyleOptions,
  type PercentStyleOptions,
  type PriceStyleOptions,
} from './number-style.ts';
export { compareDecimal } from './compare.ts';
export { sanitizeNumberInput } from './number-input.ts';
export { maskCardNumber, maskEmail, maskIdNumber, maskPhone } from './mask.ts';
