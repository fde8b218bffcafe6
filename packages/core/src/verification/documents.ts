/** The seed's two kinds of identity document. */
export const ID_TYPES = ['idCard', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Why an ID or bank card number is refused; message ids of the contract's catalogue. */
export type DocumentNumberProblem = 'kycIdNumberInvalid' | 'bankCardNumberInvalid';

/**
 * What an ID number is compared and stored as: spaces dropped (people copy them from the
 * card's print), letters upper case. Hyphens stay: some countries print them as part of it.
 */
export function normalizeIdNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/**
 * A resident identity card of mainland China: 17 digits and a check character (ISO 7064
 * MOD 11-2), e.g. 11010519491231002X. A typo almost always breaks the check.
 */
export function isChineseIdCardNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * CN_WEIGHTS[i]!;
  return CN_CHECK[sum % 11] === value[17];
}

/**
 * Whether an ID number (normalized) fits its document: a passport number is 5 to 20
 * letters and digits; an ID card number 4 to 32 letters, digits and hyphens, and for China
 * the 18-character number with its check character. Other countries' formats are too
 * many to know here: the operator compares the number with the photo.
 */
export function idNumberProblem(
  country: string,
  idType: IdType,
  idNumber: string,
): DocumentNumberProblem | null {
  const fits =
    idType === 'passport'
      ? /^[A-Z0-9]{5,20}$/.test(idNumber)
      : /^[A-Z0-9-]{4,32}$/.test(idNumber) && (country !== 'CN' || isChineseIdCardNumber(idNumber));
  return fits ? null : 'kycIdNumberInvalid';
}

/** A bank card or account number as stored: spaces and hyphens dropped, letters upper case. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** ISO 13616: move the first four characters to the end, letters to 10..35, mod 97 is 1. */
function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/**
 * A card number (8 to 30 digits; no Luhn check, as some banks' account numbers have none)
 * or an IBAN, whose own check digits are verified.
 */
export function cardNumberProblem(cardNumber: string): DocumentNumberProblem | null {
  if (/^\d{8,30}$/.test(cardNumber)) return null;
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(cardNumber) && ibanValid(cardNumber)) return null;
  return 'bankCardNumberInvalid';
}
