import type { Language } from '../languages.ts';

/** One message in every language. */
export type Translations = Record<Language, string>;
