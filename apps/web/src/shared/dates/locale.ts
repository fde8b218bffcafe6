import dayjs from 'dayjs';
import type { Language } from '@meridian/contract/languages';

// dayjs names its locales differently; each loads with its language, like antd's packs.
const packs: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: async () => undefined },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  ko: { name: 'ko', load: () => import('dayjs/locale/ko') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  pt: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  tw: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
};

/** Switches dates (antd's pickers included) to the language. */
export async function loadDateLocale(lang: Language): Promise<void> {
  await packs[lang].load();
  dayjs.locale(packs[lang].name);
}
