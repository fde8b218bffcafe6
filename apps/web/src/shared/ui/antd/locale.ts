import type { Locale } from 'antd/es/locale';
import type { Language } from '@meridian/contract/languages';

// antd's own locale packs, loaded with the language so pickers and tables speak it too.
const packs: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/locale/en_US'),
  ja: () => import('antd/locale/ja_JP'),
  ko: () => import('antd/locale/ko_KR'),
  zh: () => import('antd/locale/zh_CN'),
  pt: () => import('antd/locale/pt_BR'),
  vi: () => import('antd/locale/vi_VN'),
  th: () => import('antd/locale/th_TH'),
  es: () => import('antd/locale/es_ES'),
  fr: () => import('antd/locale/fr_FR'),
  ru: () => import('antd/locale/ru_RU'),
  de: () => import('antd/locale/de_DE'),
  it: () => import('antd/locale/it_IT'),
  tw: () => import('antd/locale/zh_TW'),
};

const loaded = new Map<Language, Locale>();
let latest: Locale | undefined;

/**
 * The language's pack, and dayjs's names of months and days for antd's pickers beside it
 * (dayjs's locale is global: it is set again on every switch, a pack loaded before too).
 * Nothing else prints a date with names, so neither loads before antd does.
 */
export async function loadAntdLocale(lang: Language): Promise<Locale> {
  const dates = import('../../dates/locale.ts').then((m) => m.loadDateLocale(lang));
  const known = loaded.get(lang);
  if (known) {
    await dates;
    return known;
  }
  const [{ default: locale }] = await Promise.all([packs[lang](), dates]);
  loaded.set(lang, locale);
  latest = locale;
  return locale;
}

/**
 * The language's pack if it has loaded, else the last one loaded (kept while a newly
 * chosen language's pack is on its way, as the page's messages are), else none (antd's
 * English).
 */
export function antdLocaleNow(lang: Language): Locale | undefined {
  return loaded.get(lang) ?? latest;
}
