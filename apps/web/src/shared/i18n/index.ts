import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '@meridian/contract/languages';
import { readSetting, writeSetting } from '../platform/storage.ts';

type Messages = Record<string, unknown>;

// One chunk per language, fetched only when that language is chosen.
const loaders = import.meta.glob<{ default: Messages }>('../../app/locales/*.json');

const htmlLang: Record<Language, string> = {
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

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`../../app/locales/${lang}.json`];
  if (!load) throw new Error(`No messages for language ${lang}`);
  const messages = (await load()).default;
  i18next.addResourceBundle(lang, 'translation', messages);
}

export function storedLanguage(): Language | undefined {
  return readSetting('language', (v): v is Language => typeof v === 'string' && isLanguage(v));
}

export async function initI18n(initial: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: initial,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(initial);
  await i18next.changeLanguage(initial);
  document.documentElement.lang = htmlLang[initial];
}

export async function switchLanguage(lang: Language): Promise<void> {
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = htmlLang[lang];
  writeSetting('language', lang);
}

export function currentLanguage(): Language {
  const lang = i18next.language;
  return isLanguage(lang) ? lang : 'en';
}
