import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getCoinRate, type exchangeRateSchema } from '@meridian/contract/calls/market';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSettings, type ExchangeCurrency } from '../../../shared/settings/store.ts';

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
 * seed's schedule, and the chosen currency's stored rate follows the latest answer.
 */
export function useExchangeRates() {
  const { api } = usePlatform();
  const query = useQuery({
    queryKey: ['market', 'coinRate'],
    queryFn: () => api.quiet(getCoinRate),
    refetchInterval: EXCHANGE_REFRESH_MS,
    staleTime: EXCHANGE_REFRESH_MS,
  });
  const current = useSettings((s) => s.currency);
  const save = useSettings((s) => s.save);
  const data = query.data;
  useEffect(() => {
    const latest = data?.map(toCurrency).find((c) => c.code === current.code);
    if (latest && (latest.rate !== current.rate || latest.symbol !== current.symbol))
      save('currency', latest);
  }, [data, current, save]);
  return query;
}
