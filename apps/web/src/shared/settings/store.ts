import { create } from 'zustand';
import type { Language } from '@meridian/contract/languages';
import { browserTimezone, isTimezone } from '../dates/format.ts';
import { switchLanguage } from '../i18n/index.ts';
import { readSetting, writeSetting } from '../platform/storage.ts';

/** The seed names the two themes `daytime` (default) and `night`. */
export type Theme = 'daytime' | 'night';

/** Seed section 3: the currency amounts are also shown in; the rate is a decimal string. */
export interface ExchangeCurrency {
  code: string;
  symbol: string;
  rate: string;
}

export const DEFAULT_CURRENCY: ExchangeCurrency = { code: 'CNY', symbol: '¥', rate: '1' };

/** Date formats offered; the seed's default comes first. */
export const TIME_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** Seed section 3: which assets the asset pages list (all, type 1) by default. */
export interface AssetDisplay {
  showAllAssets: boolean;
  type: number;
}

/** The settings kept locally (seed section 3), each under its own stored entry. */
export interface StoredSettings {
  theme: Theme;
  languageName: string;
  currency: ExchangeCurrency;
  timezone: string;
  timeFormat: TimeFormat;
  assetDisplay: AssetDisplay;
  currentCoin: string;
  contractType: string;
  contractUnit: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

const GUARDS: { [K in keyof StoredSettings]: (v: unknown) => v is StoredSettings[K] } = {
  theme: (v): v is Theme => v === 'daytime' || v === 'night',
  languageName: isString,
  currency: (v): v is ExchangeCurrency =>
    isObject(v) &&
    isString(v.code) &&
    typeof v.symbol === 'string' &&
    typeof v.rate === 'string' &&
    /^\d+(\.\d+)?$/.test(v.rate),
  timezone: (v): v is string => typeof v === 'string' && isTimezone(v),
  timeFormat: (v): v is TimeFormat => (TIME_FORMATS as readonly unknown[]).includes(v),
  assetDisplay: (v): v is AssetDisplay =>
    isObject(v) && typeof v.showAllAssets === 'boolean' && typeof v.type === 'number',
  currentCoin: isString,
  contractType: isString,
  contractUnit: isString,
};

/** Defaults of a first visit; the timezone is the browser's unless the deployment pins one. */
export function defaultSettings(pinnedTimezone: string | null = null): StoredSettings {
  return {
    theme: 'daytime',
    languageName: 'English',
    currency: DEFAULT_CURRENCY,
    timezone: pinnedTimezone && isTimezone(pinnedTimezone) ? pinnedTimezone : browserTimezone(),
    timeFormat: 'MM/DD/YYYY',
    assetDisplay: { showAllAssets: true, type: 1 },
    currentCoin: 'btc',
    // The U (USDT-margined) contract, counted in coin, is the seed's first contract view.
    contractType: 'usdt',
    contractUnit: 'coin',
  };
}

/** What is stored overrides the defaults, one setting at a time; bad entries are ignored. */
export function loadSettings(defaults: StoredSettings): StoredSettings {
  const loaded = { ...defaults };
  for (const key of Object.keys(GUARDS) as (keyof StoredSettings)[]) {
    const value = readSetting<unknown>(key, GUARDS[key] as (v: unknown) => v is unknown);
    if (value !== undefined) Object.assign(loaded, { [key]: value });
  }
  return loaded;
}

interface SettingsState extends StoredSettings {
  language: Language;
  /** Saves one setting locally and applies it. */
  save<K extends keyof StoredSettings>(key: K, value: StoredSettings[K]): void;
  setTheme(theme: Theme): void;
  setLanguage(language: Language, name: string): Promise<void>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  ...loadSettings(defaultSettings()),
  language: 'en',
  save(key, value) {
    writeSetting(key, value);
    set({ [key]: value } as Partial<StoredSettings>);
  },
  setTheme(theme) {
    get().save('theme', theme);
  },
  async setLanguage(language, name) {
    await switchLanguage(language);
    get().save('languageName', name);
    set({ language });
  },
}));
