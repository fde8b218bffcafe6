import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { writeSetting } from '../platform/storage.ts';
import {
  defaultSettings,
  initialSettings,
  languageCurrency,
  languageTimeFormat,
  loadSettings,
  useSettings,
} from './store.ts';

describe('client settings', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => window.localStorage.clear());

  it('has the seed defaults', () => {
    const defaults = defaultSettings('Asia/Hong_Kong');
    expect(defaults).toMatchObject({
      theme: 'daytime',
      currency: { code: 'USD', symbol: '$' },
      timezone: 'Asia/Hong_Kong',
      timeFormat: 'MM/DD/YYYY',
      assetDisplay: { showAllAssets: true, type: 1 },
    });
    expect(defaultSettings().timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(defaultSettings('Not/AZone').timezone).toBe(defaultSettings().timezone);
  });

  it('saves a setting in the stored-entry shape and loads it back', () => {
    useSettings.getState().save('timezone', 'Europe/Paris');
    useSettings.getState().save('currency', { code: 'USD', symbol: '$', rate: '0.1378' });
    const entry = JSON.parse(window.localStorage.getItem('meridian:timezone') ?? '{}');
    expect(entry).toMatchObject({ dataType: 'string', content: 'Europe/Paris' });
    expect(loadSettings(defaultSettings())).toMatchObject({
      timezone: 'Europe/Paris',
      currency: { code: 'USD', rate: '0.1378' },
    });
  });

  it('ignores stored values of the wrong shape', () => {
    writeSetting('timezone', 'Mars/Olympus');
    writeSetting('currency', { code: 'USD', symbol: '$', rate: 1.5 });
    writeSetting('timeFormat', 'YY');
    const loaded = loadSettings(defaultSettings('UTC'));
    expect(loaded).toMatchObject({ timezone: 'UTC', currency: { code: 'USD' } });
    expect(loaded.timeFormat).toBe('MM/DD/YYYY');
  });

  it.each([
    ['en', 'USD', 'MM/DD/YYYY'],
    ['ja', 'JPY', 'YYYY/MM/DD'],
    ['ko', 'KRW', 'YYYY.MM.DD'],
    ['zh', 'CNY', 'YYYY-MM-DD'],
    ['tw', 'TWD', 'YYYY-MM-DD'],
    ['pt', 'BRL', 'DD/MM/YYYY'],
    ['vi', 'VND', 'DD/MM/YYYY'],
    ['th', 'THB', 'DD/MM/YYYY'],
    ['es', 'EUR', 'DD/MM/YYYY'],
    ['fr', 'EUR', 'DD/MM/YYYY'],
    ['it', 'EUR', 'DD/MM/YYYY'],
    ['de', 'EUR', 'DD.MM.YYYY'],
    ['ru', 'RUB', 'DD.MM.YYYY'],
  ] as const)('a first visit in %s shows %s and %s', (language, currency, format) => {
    expect(languageCurrency(language).code).toBe(currency);
    expect(languageTimeFormat(language)).toBe(format);
    const first = initialSettings('UTC', language);
    expect(first).toMatchObject({
      currency: { code: currency },
      timeFormat: format,
      chosen: { currency: false, timeFormat: false },
    });
  });

  it('keeps what the user picked, whatever the language', () => {
    useSettings.setState(initialSettings('UTC', 'en'));
    useSettings.getState().save('currency', { code: 'KRW', symbol: '₩', rate: '1460' });
    useSettings.getState().save('timeFormat', 'YYYY-MM-DD');
    expect(useSettings.getState().chosen).toEqual({ currency: true, timeFormat: true });
    // A later visit in Japanese keeps both choices.
    expect(initialSettings('UTC', 'ja')).toMatchObject({
      currency: { code: 'KRW' },
      timeFormat: 'YYYY-MM-DD',
      chosen: { currency: true, timeFormat: true },
    });
  });

  it('follows a language switch until the user picks, then stays', async () => {
    useSettings.setState({ ...initialSettings('UTC', 'en'), language: 'en' });
    await useSettings.getState().setLanguage('ru', 'Русский');
    expect(useSettings.getState()).toMatchObject({
      currency: { code: 'RUB' },
      timeFormat: 'DD.MM.YYYY',
    });
    // Nothing language-derived was stored: it was never the user's choice.
    expect(window.localStorage.getItem('meridian:currency')).toBeNull();
    expect(window.localStorage.getItem('meridian:timeFormat')).toBeNull();

    useSettings.getState().save('timeFormat', 'MM/DD/YYYY');
    await useSettings.getState().setLanguage('ja', '日本語');
    expect(useSettings.getState()).toMatchObject({
      currency: { code: 'JPY' },
      timeFormat: 'MM/DD/YYYY',
    });
  });

  it('shows a fresher rate without making the currency a choice', () => {
    useSettings.setState(initialSettings('UTC', 'en'));
    useSettings.getState().showCurrency({ code: 'USD', symbol: '$', rate: '1' });
    expect(useSettings.getState().chosen.currency).toBe(false);
    expect(window.localStorage.getItem('meridian:currency')).toBeNull();
  });
});
