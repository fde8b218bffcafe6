import { create } from 'zustand';
import type { Language } from '@meridian/contract/languages';
import { browserTimezone, isTimezone } from '../dates/timezones.ts';
import { switchLanguage } from '../i18n/index.ts';
import { readSetting, writeSetting } from '../platform/storage.ts';
import { isTheme, type Theme } from './theme.ts';

export type { Theme } from './theme.ts';

/** Seed section 3: the currency amounts are also shown in; the rate is a decimal string. */
export interface ExchangeCurrency {
  code: string;
  symbol: string;
  rate: string;
}

/** The seed's display currency: the fallback where a language's own is not published. */
export const DEFAULT_CURRENCY: ExchangeCurrency = { code: 'CNY', symbol: '¥', rate: '1' };

/**
 * The display currency of a first visit: the one of the language's region. Its rate is a
 * placeholder until the published rates answer (useExchangeRates), and where the app does
 * not publish that currency the seed's default (or the first published) is shown instead.
 */
const EUR: ExchangeCurrency = { code: 'EUR', symbol: '€', rate: '1' };
const LANGUAGE_CURRENCY: Record<Language, ExchangeCurrency> = {
  en: { code: 'USD', symbol: '$', rate: '1' },
  ja: { code: 'JPY', symbol: '¥', rate: '1' },
  ko: { code: 'KRW', symbol: '₩', rate: '1' },
  zh: { code: 'CNY', symbol: '¥', rate: '1' },
  pt: { code: 'BRL', symbol: 'R$', rate: '1' },
  vi: { code: 'VND', symbol: '₫', rate: '1' },
  th: { code: 'THB', symbol: '฿', rate: '1' },
  es: EUR,
  fr: EUR,
  de: EUR,
  it: EUR,
  ru: { code: 'RUB', symbol: '₽', rate: '1' },
  tw: { code: 'TWD', symbol: 'NT$', rate: '1' },
};

export function languageCurrency(language: Language): ExchangeCurrency {
  return LANGUAGE_CURRENCY[language];
}

/** Date formats offered; the seed's default comes first. */
export const TIME_FORMATS = [
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'DD.MM.YYYY',
  'YYYY.MM.DD',
] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** The date format of each language, used until the user picks one. */
const LANGUAGE_TIME_FORMAT: Record<Language, TimeFormat> = {
  en: 'MM/DD/YYYY',
  ja: 'YYYY/MM/DD',
  ko: 'YYYY.MM.DD',
  zh: 'YYYY-MM-DD',
  tw: 'YYYY-MM-DD',
  pt: 'DD/MM/YYYY',
  vi: 'DD/MM/YYYY',
  th: 'DD/MM/YYYY',
  es: 'DD/MM/YYYY',
  fr: 'DD/MM/YYYY',
  it: 'DD/MM/YYYY',
  de: 'DD.MM.YYYY',
  ru: 'DD.MM.YYYY',
};

export function languageTimeFormat(language: Language): TimeFormat {
  return LANGUAGE_TIME_FORMAT[language];
}

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
  theme: isTheme,
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

/**
 * Defaults of a first visit; the timezone is the browser's unless the deployment pins one,
 * the display currency and the date format are the language's.
 */
export function defaultSettings(
  pinnedTimezone: string | null = null,
  language: Language = 'en',
): StoredSettings {
  return {
    theme: 'daytime',
    languageName: 'English',
    currency: languageCurrency(language),
    timezone: pinnedTimezone && isTimezone(pinnedTimezone) ? pinnedTimezone : browserTimezone(),
    timeFormat: languageTimeFormat(language),
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

/**
 * Which of the language-derived settings the user has picked. A picked one is stored and
 * stays; one not picked follows the language (and is never stored).
 */
export interface Choices {
  currency: boolean;
  timeFormat: boolean;
}

/** A setting counts as the user's choice once it has a valid stored entry. */
export function storedChoices(): Choices {
  return {
    currency: readSetting('currency', GUARDS.currency) !== undefined,
    timeFormat: readSetting('timeFormat', GUARDS.timeFormat) !== undefined,
  };
}

/** The settings of a start: the language's defaults overridden by what is stored. */
export function initialSettings(
  pinnedTimezone: string | null,
  language: Language,
): StoredSettings & { chosen: Choices } {
  return {
    ...loadSettings(defaultSettings(pinnedTimezone, language)),
    chosen: storedChoices(),
  };
}

interface SettingsState extends StoredSettings {
  language: Language;
  chosen: Choices;
  /** Saves one setting locally and applies it; it is the user's choice from then on. */
  save<K extends keyof StoredSettings>(key: K, value: StoredSettings[K]): void;
  /**
   * Shows a display currency without making it the user's choice (the language's own, or
   * a fresher rate of it); a currency the user picked is saved again with the new rate.
   */
  showCurrency(currency: ExchangeCurrency): void;
  setTheme(theme: Theme): void;
  setLanguage(language: Language, name: string): Promise<void>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  ...initialSettings(null, 'en'),
  language: 'en',
  save(key, value) {
    writeSetting(key, value);
    const chosen = get().chosen;
    set({
      [key]: value,
      chosen: key in chosen ? { ...chosen, [key]: true } : chosen,
    } as Partial<SettingsState>);
  },
  showCurrency(currency) {
    if (get().chosen.currency) get().save('currency', currency);
    else set({ currency });
  },
  setTheme(theme) {
    get().save('theme', theme);
  },
  async setLanguage(language, name) {
    await switchLanguage(language);
    get().save('languageName', name);
    // What the user has not picked follows the new language.
    const { chosen } = get();
    set({
      language,
      ...(chosen.currency ? {} : { currency: languageCurrency(language) }),
      ...(chosen.timeFormat ? {} : { timeFormat: languageTimeFormat(language) }),
    });
  },
}));
