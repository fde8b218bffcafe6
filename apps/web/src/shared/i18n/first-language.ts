import { isLanguage, type Language } from '@meridian/contract/languages';
import type { PlatformConfig } from '@meridian/contract/platform-config';
import { readSetting } from '../platform/storage.ts';

// What decides the language before i18next has loaded: the first paint (app/pre-paint)
// and the shell's start both ask here, so they never disagree.

const HTML_LANG: Record<Language, string> = {
  en: 'en',
  ja: 'ja',
  ko: 'ko',
  zh: 'zh-CN',
  pt: 'pt',
  vi: 'vi',
  th: 'th',
  es: 'es',
  fr: 'fr',
  ru: 'ru',
  de: 'de',
  it: 'it',
  tw: 'zh-TW',
};

/**
 * The BCP 47 tag of a language, for `<html lang>` (hyphenation, screen readers) and for
 * the number style (separators: "66,777.57" en, "66.777,57" de).
 */
export function localeOf(language: Language): string {
  return HTML_LANG[language];
}

/** The language this browser picked, when it picked one. */
export function storedLanguage(): Language | undefined {
  return readSetting('language', (v): v is Language => typeof v === 'string' && isLanguage(v));
}

/** The language a visit starts in: the browser's pick if the deployment offers it. */
export function firstLanguage(config: Pick<PlatformConfig, 'languages' | 'defaultLanguage'>) {
  const saved = storedLanguage();
  return saved && config.languages.some((l) => l.code === saved) ? saved : config.defaultLanguage;
}
