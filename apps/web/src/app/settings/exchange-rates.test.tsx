import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../shared/api/client.ts';
import { PlatformProvider } from '../../shared/platform/context.tsx';
import { DEFAULT_CURRENCY, initialSettings, useSettings } from '../../shared/settings/store.ts';
import { useSettingsPanel } from './useSettingsPanel.ts';
import { EXCHANGE_REFRESH_MS, toCurrency, useExchangeRates } from '../../features/markets/index.ts';
import { testPlatformConfig } from '../../shared/testing/fixtures.ts';

const config = testPlatformConfig();
const OPENED_AT = '2026-03-05T08:30:00.000Z';
const RATES = [
  {
    exchange_value: 'CNY',
    quote_currency: 'USDT',
    exchange_code: 'cny',
    rate: '7.24',
    symbol: '¥',
  },
  {
    exchange_value: 'EUR',
    quote_currency: 'USDT',
    exchange_code: 'eur',
    rate: '0.92',
    symbol: '€',
  },
];

function wrapper(quiet: () => Promise<unknown>) {
  const api = Object.assign(vi.fn(), { quiet }) as unknown as ApiCall;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <PlatformProvider value={{ config, api }}>{children}</PlatformProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  useSettings.getState().save('currency', DEFAULT_CURRENCY);
});

describe('exchange rates', () => {
  it('refreshes on the seed schedule and turns items into display currencies', () => {
    expect(EXCHANGE_REFRESH_MS).toBe(300_000);
    expect(toCurrency(RATES[1]!)).toEqual({ code: 'EUR', symbol: '€', rate: '0.92' });
  });

  it('keeps the chosen currency at its latest published rate', async () => {
    renderHook(() => useExchangeRates(), { wrapper: wrapper(async () => RATES) });
    await waitFor(() =>
      expect(useSettings.getState().currency).toEqual({ code: 'CNY', symbol: '¥', rate: '7.24' }),
    );
  });

  it('offers the published currencies in the settings drawer, else only the default', async () => {
    const published = renderHook(() => useSettingsPanel(OPENED_AT), {
      wrapper: wrapper(async () => RATES),
    });
    await waitFor(() => expect(published.result.current.ratesPublished).toBe(true));
    expect(published.result.current.currencies.map((c) => c.value)).toEqual(['CNY', 'EUR']);
    published.result.current.setCurrency('EUR');
    expect(useSettings.getState().currency.code).toBe('EUR');

    const none = renderHook(() => useSettingsPanel(OPENED_AT), {
      wrapper: wrapper(async () => []),
    });
    await waitFor(() => expect(none.result.current.currencies).toHaveLength(1));
    expect(none.result.current.ratesPublished).toBe(false);
  });
});

describe('display currency of a first visit', () => {
  const PUBLISHED = [
    ...RATES,
    {
      exchange_value: 'JPY',
      quote_currency: 'USDT',
      exchange_code: 'jpy',
      rate: '154',
      symbol: '¥',
    },
  ];
  afterEach(() => window.localStorage.clear());

  it("is the language's where published, and never stored", async () => {
    window.localStorage.clear();
    useSettings.setState({ ...initialSettings(null, 'ja'), language: 'ja' });
    renderHook(() => useExchangeRates(), { wrapper: wrapper(async () => PUBLISHED) });
    await waitFor(() =>
      expect(useSettings.getState().currency).toEqual({ code: 'JPY', symbol: '¥', rate: '154' }),
    );
    expect(window.localStorage.getItem('meridian:currency')).toBeNull();
  });

  it("falls back to the seed's default where the language's is not published", async () => {
    window.localStorage.clear();
    useSettings.setState({ ...initialSettings(null, 'ko'), language: 'ko' });
    renderHook(() => useExchangeRates(), { wrapper: wrapper(async () => PUBLISHED) });
    await waitFor(() => expect(useSettings.getState().currency.code).toBe('CNY'));
  });

  it('is the one operators pinned in the site settings, over the language’s', async () => {
    window.localStorage.clear();
    useSettings.setState({ ...initialSettings(null, 'ja'), language: 'ja' });
    const quiet = async (spec: { path: string }) =>
      spec.path.endsWith('getAllSetting')
        ? {
            brand: 'Meridian',
            logoUrl: '',
            images: {},
            supportLinks: [],
            defaultCurrency: 'EUR',
            defaultLanguage: 'ja',
            features: {},
          }
        : PUBLISHED;
    renderHook(() => useExchangeRates(), { wrapper: wrapper(quiet as () => Promise<unknown>) });
    await waitFor(() => expect(useSettings.getState().currency.code).toBe('EUR'));
    expect(useSettings.getState().chosen.currency).toBe(false);
  });

  it("keeps the user's pick over the language's, and stores it", async () => {
    window.localStorage.clear();
    useSettings.setState({ ...initialSettings(null, 'ja'), language: 'ja' });
    const panel = renderHook(() => useSettingsPanel(OPENED_AT), {
      wrapper: wrapper(async () => PUBLISHED),
    });
    await waitFor(() => expect(panel.result.current.ratesPublished).toBe(true));
    panel.result.current.setCurrency('EUR');
    await waitFor(() => expect(useSettings.getState().currency.code).toBe('EUR'));
    expect(useSettings.getState().chosen.currency).toBe(true);
    expect(initialSettings(null, 'ja').currency.code).toBe('EUR');
  });
});
