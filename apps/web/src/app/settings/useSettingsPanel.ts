import { useMemo } from 'react';
import { formatDateTime } from '../../shared/dates/format.ts';
import { timezoneNames } from '../../shared/dates/timezones.ts';
import { toCurrency, useExchangeRates } from '../../features/markets/index.ts';
import { useLanguageChoice } from '../../shared/settings/useLanguageChoice.ts';
import {
  TIME_FORMATS,
  useSettings,
  type Theme,
  type TimeFormat,
} from '../../shared/settings/store.ts';

/**
 * State of the settings drawer, opened at `openedAt` (the moment its date preview shows). Currencies offered are those with a published rate
 * (getCoinRate); until the rates have loaded, or where none are published, only the one in
 * use (on a first visit, the language's).
 */
export function useSettingsPanel(openedAt: string) {
  const settings = useSettings();
  const languageChoice = useLanguageChoice();
  const timezones = useMemo(() => timezoneNames().map((tz) => ({ value: tz, label: tz })), []);
  const rates = useExchangeRates();
  const currencies = useMemo(() => {
    const published = rates.data?.map(toCurrency) ?? [];
    return published.length > 0 ? published : [settings.currency];
  }, [rates.data, settings.currency]);

  return {
    language: languageChoice.language,
    languages: languageChoice.languages,
    setLanguage: languageChoice.choose,
    theme: settings.theme,
    setTheme: (theme: Theme) => settings.setTheme(theme),
    currency: settings.currency.code,
    /** How many of the display currency one USDT is worth (the published rate). */
    rate: settings.currency.rate,
    /** False until getCoinRate has answered with at least one currency. */
    ratesPublished: (rates.data?.length ?? 0) > 0,
    currencies: currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.symbol}` })),
    setCurrency(code: string) {
      const found = currencies.find((c) => c.code === code);
      if (found) settings.save('currency', found);
    },
    timezone: settings.timezone,
    timezones,
    setTimezone: (tz: string) => settings.save('timezone', tz),
    timeFormat: settings.timeFormat,
    timeFormats: TIME_FORMATS.map((f) => ({ value: f, label: f })),
    setTimeFormat: (format: TimeFormat) => settings.save('timeFormat', format),
    // The moment the drawer opened, in the chosen timezone and format.
    preview: formatDateTime(openedAt, settings.timezone, settings.timeFormat),
  };
}

export type SettingsPanel = ReturnType<typeof useSettingsPanel>;
