import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '@meridian/contract/languages';
import { writeSetting } from '../platform/storage.ts';
import { localeOf } from './first-language.ts';

export { firstLanguage, localeOf, storedLanguage } from './first-language.ts';

type Messages = Record<string, unknown>;

/**
 * One namespace per feature plus `common` (the shell, menus, generic messages). Each
 * language file of each namespace is its own chunk, fetched when a page of the feature
 * is first opened (the route loader awaits `loadNamespaces`) or, for the namespaces
 * already in use, when the language is switched (i18next asks this backend again).
 */
const loaders = import.meta.glob<{ default: Messages }>([
  '../../app/locales/*.json',
  '../../features/*/locales/*.json',
]);

const fileOf = (lang: string, ns: string) =>
  ns === 'common' ? `../../app/locales/${lang}.json` : `../../features/${ns}/locales/${lang}.json`;

const lazyMessages = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (error: unknown, messages?: Messages) => void) {
    const load = loaders[fileOf(lang, ns)];
    if (!load) return done(new Error(`No messages for ${ns} in language ${lang}`));
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error),
    );
  },
};

/** Starts i18next with `common` and the given feature namespaces loaded. */
export async function initI18n(
  initial: Language,
  namespaces: readonly string[] = [],
): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next
      .use(lazyMessages)
      .use(initReactI18next)
      .init({
        lng: initial,
        fallbackLng: false,
        // The given namespaces load with `common`, at once rather than after it.
        ns: ['common', ...namespaces],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        // useTranslation(['spot', 'markets']) looks a key up in each namespace in turn.
        react: { nsMode: 'fallback' },
      });
  }
  await loadNamespaces(namespaces);
  await i18next.changeLanguage(initial);
  document.documentElement.lang = localeOf(initial);
}

/**
 * Starts fetching messages that will be wanted soon (the first page's, while the shell
 * renders), without waiting for them: i18next's later read of them finds them fetched.
 */
export function preloadMessages(lang: Language, namespaces: readonly string[]): void {
  for (const ns of namespaces) void loaders[fileOf(lang, ns)]?.().catch(() => undefined);
}

/** Loads a feature's messages (for the current language, and on every later switch). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length > 0) await i18next.loadNamespaces([...namespaces]);
}

/** Switches language once every namespace in use has its messages in that language. */
export async function switchLanguage(lang: Language): Promise<void> {
  await i18next.changeLanguage(lang);
  document.documentElement.lang = localeOf(lang);
  writeSetting('language', lang);
}

export function currentLanguage(): Language {
  const lang = i18next.language;
  return isLanguage(lang) ? lang : 'en';
}
