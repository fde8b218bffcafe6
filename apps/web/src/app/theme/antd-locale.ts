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

export async function loadAntdLocale(lang: Language): Promise<Locale> {
  return (await packs[lang]()).default;
}
