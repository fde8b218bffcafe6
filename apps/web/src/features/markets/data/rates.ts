import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exchangeRateSchema } from '@meridian/contract/calls/market';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSiteSettings } from '../../../shared/platform/site-settings.ts';
import {
  DEFAULT_CURRENCY,
  languageCurrency,
  useSettings,
  type ExchangeCurrency,
} from '../../../shared/settings/store.ts';

export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** Seed section 9: the exchange rates are fetched again every 300000 ms. */
export const EXCHANGE_REFRESH_MS = 300_000;

/** A rate item as the settings keep a display currency. */
export function toCurrency(rate: ExchangeRate): ExchangeCurrency {
  return { code: rate.exchange_code.toUpperCase(), symbol: rate.symbol, rate: rate.rate };
}

/**
 * The reference rates (a published configuration, never a price), shared by the rate
 * page and the settings drawer. While any of them is mounted the rates refresh on the
 * seed's schedule, and the currency in use follows the latest answer: a picked one keeps
 * its code, one not picked is the language's where published.
 */
export function useExchangeRates() {
  const { api } = usePlatform();
  const query = useQuery({
    queryKey: ['market', 'coinRate'],
    // Read from the shell's header: the call's definition (with the schema library) loads
    // with the first request rather than with the shell.
    queryFn: async () => api.quiet((await import('@meridian/contract/calls/market')).getCoinRate),
    refetchInterval: EXCHANGE_REFRESH_MS,
    staleTime: EXCHANGE_REFRESH_MS,
  });
  const current = useSettings((s) => s.currency);
  const chosen = useSettings((s) => s.chosen.currency);
  const language = useSettings((s) => s.language);
  const showCurrency = useSettings((s) => s.showCurrency);
  // A currency the operators pinned for first visits (site settings), else the language's.
  const pinned = useSiteSettings().defaultCurrency;
  const data = query.data;
  useEffect(() => {
    const published = data?.map(toCurrency) ?? [];
    const find = (code: string) => published.find((c) => c.code === code);
    // A currency the user picked stays; otherwise the language's, if the app publishes it.
    const latest = chosen
      ? find(current.code)
      : ((pinned ? find(pinned) : undefined) ??
        find(languageCurrency(language).code) ??
        find(DEFAULT_CURRENCY.code) ??
        published[0]);
    if (
      latest &&
      (latest.code !== current.code ||
        latest.rate !== current.rate ||
        latest.symbol !== current.symbol)
    )
      showCurrency(latest);
  }, [data, current, chosen, language, pinned, showCurrency]);
  return query;
}
