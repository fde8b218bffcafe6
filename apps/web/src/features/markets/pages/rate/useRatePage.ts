import { useMemo } from 'react';
import { useFormatTime } from '../../../../shared/dates/useFormatTime.ts';
import { toCurrency, useExchangeRates } from '../../data/rates.ts';
import { useSettings } from '../../../../shared/settings/store.ts';

/** State of the rate page: the published rates, the currency in use and how to change it. */
export function useRatePage() {
  const rates = useExchangeRates();
  const current = useSettings((s) => s.currency.code);
  const save = useSettings((s) => s.save);
  const formatTime = useFormatTime();
  const rows = useMemo(
    () =>
      (rates.data ?? []).map((rate) => ({
        ...toCurrency(rate),
        name: rate.exchange_value,
        quote: rate.quote_currency,
      })),
    [rates.data],
  );
  return {
    rows,
    current,
    loading: rates.isPending,
    failed: rates.isError && !rates.data,
    retry: () => void rates.refetch(),
    updated: rates.dataUpdatedAt ? formatTime(new Date(rates.dataUpdatedAt).toISOString()) : null,
    choose(code: string) {
      const row = rows.find((r) => r.code === code);
      if (row) save('currency', { code: row.code, symbol: row.symbol, rate: row.rate });
    },
  };
}
