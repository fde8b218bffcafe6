import { isLanguage } from '@meridian/contract/languages';
import { usePlatform } from '../platform/context.tsx';
import { useSettings } from './store.ts';

/** The offered languages, each by its own name, and the way to switch (and remember). */
export function useLanguageChoice() {
  const { config } = usePlatform();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return {
    language,
    languages: config.languages.map((l) => ({ value: l.code, label: l.name })),
    choose(code: string) {
      const item = config.languages.find((l) => l.code === code);
      if (item && isLanguage(code)) void setLanguage(code, item.name);
    },
  };
}
