import { create } from 'zustand';
import type { Language } from '@meridian/contract';
import { switchLanguage } from '../i18n/index.ts';
import { readSetting, writeSetting } from '../platform/storage.ts';

/** The seed names the two themes `daytime` (default) and `night`. */
export type Theme = 'daytime' | 'night';

const isTheme = (v: unknown): v is Theme => v === 'daytime' || v === 'night';

interface SettingsState {
  theme: Theme;
  language: Language;
  setTheme(theme: Theme): void;
  setLanguage(language: Language): Promise<void>;
}

export const useSettings = create<SettingsState>((set) => ({
  theme: readSetting('theme', isTheme) ?? 'daytime',
  language: 'en',
  setTheme(theme) {
    writeSetting('theme', theme);
    set({ theme });
  },
  async setLanguage(language) {
    await switchLanguage(language);
    set({ language });
  },
}));
