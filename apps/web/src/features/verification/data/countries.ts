import { DOCUMENT_COUNTRIES } from '@meridian/core';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Every country that issues documents, named in the user's language (Intl.DisplayNames):
 * the seed's China and United States first, then the rest in that language's order.
 */
export function countryOptions(locale: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const named = DOCUMENT_COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  const [china, states, ...rest] = named;
  const collator = new Intl.Collator(locale);
  rest.sort((a, b) => collator.compare(a.label, b.label));
  return [china!, states!, ...rest];
}
