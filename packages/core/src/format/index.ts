export { formatChangePercent, formatNumber, formatPrice, NOT_A_NUMBER } from './number-display.ts';
export { compareDecimal } from './compare.ts';
export { sanitizeNumberInput } from './number-input.ts';
export { maskEmail, maskPhone } from './mask.ts';
