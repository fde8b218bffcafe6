import { TestProviders } from '../../../../shared/testing/TestProviders.tsx';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../../shared/testing/router.tsx';
import type { MarketRow } from '@meridian/contract/calls/market';
import type { ApiCall } from '../../../../shared/api/client.ts';
import { initI18n } from '../../../../shared/i18n/index.ts';
import { createFavourites } from '../../data/favourites.ts';
import { FakeSocket } from '../../../../shared/testing/fake-socket.ts';
import { MarketFeed } from '../../data/feed.ts';
import { MarketLayerContext, type MarketLayer } from '../../data/hooks.ts';
import { priceInfo } from '../../data/test-data.ts';
import { testUser } from '../../../../shared/session/test-user.ts';
import { useSession } from '../../../../shared/session/store.ts';
import { QuotesPage } from './QuotesPage.tsx';
import { installDomShims, testPlatformConfig } from '../../../../shared/testing/fixtures.ts';

const config = testPlatformConfig({ socketUrl: 'ws://test' });

const row = (base: string, close: string, zdf: string, amount: string): MarketRow => ({
  id: base,
  c_id: base,
  symbol_name: `${base}/USDT`,
  base_symbol: base,
  plate: 'main',
  close,
  amount,
  zdf,
  part_cou: 2,
  full_cou: 4,
  collect: 0,
  state: 'trading',
});

const SPOT = [
  row('BTC', '65000', '1.20', '900'),
  row('ETH', '3200', '-2.50', '5000'),
  row('DOGE', '0.12', '9.99', '100'),
];

/** A fake API by path: rows for the lists, nothing else of interest. */
function fakeApi(overrides: { add?: () => Promise<null>; contracts?: typeof SPOT } = {}) {
  const quiet = vi.fn(async (spec: { path: string }) => {
    if (spec.path.endsWith('getSpotGoods')) return SPOT;
    if (spec.path.endsWith('getContract')) return overrides.contracts ?? SPOT.slice(0, 2);
    // The contract tabs list the perpetuals' tickers (the perps feature): none here.
    if (spec.path.endsWith('/api/contract/tickers')) return [];
    if (spec.path.endsWith('getOptional')) return [];
    if (spec.path.includes('initData')) return { rows: [], tickers: [] };
    if (spec.path.includes('addOptional')) return overrides.add ? overrides.add() : null;
    return null;
  });
  return Object.assign(vi.fn(), { quiet }) as unknown as ApiCall & { quiet: typeof quiet };
}

function renderQuotes(api: ReturnType<typeof fakeApi>) {
  const feed = new MarketFeed({
    api,
    socketUrl: 'ws://test',
    // The socket never opens: prices here come from the rows and from the store.
    createSocket: (url) => new FakeSocket(url),
  });
  const layer: MarketLayer = {
    feed,
    favourites: createFavourites({
      add: (s) => api.quiet({ path: `addOptional/${s}` }),
      remove: async () => null,
    }),
  };
  const router = testRouter(
    [
      { path: '/quotes/index', element: <QuotesPage /> },
      { path: '/user/login', element: <p>login page</p> },
      { path: '/market/main', element: <p>market page</p> },
    ],
    '/quotes/index',
  );
  render(
    <TestProviders api={api} config={config}>
      <MarketLayerContext.Provider value={layer}>{router.element}</MarketLayerContext.Provider>
    </TestProviders>,
  );
  return { router, feed, layer };
}

const pairs = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('data-symbol'));

describe('quotes table', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['markets']);
  });
  beforeEach(() => useSession.getState().logout());
  afterEach(cleanup);

  it('lists the spot rows and filters them by search', async () => {
    renderQuotes(fakeApi());
    await screen.findByText('DOGE');
    expect(pairs()).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search markets' }), {
      target: { value: 'eth' },
    });
    expect(pairs()).toEqual(['ethusdt']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search markets' }), {
      target: { value: 'xyz' },
    });
    expect(screen.getByText('No market matches "xyz"')).toBeTruthy();
  });

  it('says in words which market is paused', async () => {
    SPOT[1] = { ...SPOT[1]!, state: 'paused' };
    try {
      renderQuotes(fakeApi());
      await screen.findByText('DOGE');
      const paused = screen.getAllByText('Paused');
      expect(paused).toHaveLength(1);
      expect(paused[0]!.closest('tr')?.getAttribute('data-symbol')).toBe('ethusdt');
    } finally {
      SPOT[1] = { ...SPOT[1]!, state: 'trading' };
    }
  });

  it('sorts by price, change and volume as decimals, using live prices', async () => {
    const { feed } = renderQuotes(fakeApi());
    await screen.findByText('DOGE');
    act(() => feed.tickers.snapshot([priceInfo('dogeusdt', '100000', 1, '9.99')]));
    const price = screen.getByRole('button', { name: /Last price/ });
    fireEvent.click(price);
    expect(pairs()).toEqual(['dogeusdt', 'btcusdt', 'ethusdt']);
    fireEvent.click(price);
    expect(pairs()).toEqual(['ethusdt', 'btcusdt', 'dogeusdt']);
    fireEvent.click(screen.getByRole('button', { name: /24h change/ }));
    expect(pairs()).toEqual(['dogeusdt', 'btcusdt', 'ethusdt']);
    fireEvent.click(screen.getByRole('button', { name: /24h volume/ }));
    expect(pairs()).toEqual(['ethusdt', 'btcusdt', 'dogeusdt']);
  });

  it('repaints a row when its market ticks', async () => {
    const { feed } = renderQuotes(fakeApi());
    await screen.findByText('DOGE');
    act(() => feed.tickers.snapshot([priceInfo('btcusdt', '70000', 1, '3.00')]));
    const btc = screen.getAllByRole('row').find((r) => r.getAttribute('data-symbol') === 'btcusdt');
    expect(within(btc!).getByTestId('quote-price').textContent).toBe('70,000.00');
  });

  it('sends a visitor who stars a market to the login page and back', async () => {
    const api = fakeApi();
    const { router } = renderQuotes(api);
    await screen.findByText('DOGE');
    fireEvent.click(screen.getByRole('button', { name: 'Add BTC/USDT to watchlist' }));
    expect(router.location.pathname).toBe('/user/login');
    expect(router.location.search).toBe(`?redirect=${encodeURIComponent('/quotes/index')}`);
    expect(api.quiet.mock.calls.some(([spec]) => spec.path.includes('addOptional'))).toBe(false);
  });

  it('stars a market for a signed-in user, and puts the star back when that fails', async () => {
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser(),
    });
    const api = fakeApi({ add: () => Promise.reject(new Error('down')) });
    renderQuotes(api);
    await screen.findByText('DOGE');
    const star = screen.getByRole('button', { name: 'Add ETH/USDT to watchlist' });
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Add ETH/USDT to watchlist' })
          .getAttribute('aria-pressed'),
      ).toBe('false'),
    );
  });

  it('invites to star markets on an empty watchlist', async () => {
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser(),
    });
    renderQuotes(fakeApi());
    await screen.findByText('DOGE');
    fireEvent.click(screen.getByRole('tab', { name: 'Watchlist' }));
    expect(await screen.findByText(/Star a market/)).toBeTruthy();
  });

  it('says plainly that no contract market is listed, and leads back to spot', async () => {
    renderQuotes(fakeApi({ contracts: [] }));
    await screen.findByText('DOGE');
    fireEvent.click(screen.getByRole('tab', { name: 'Perpetual contract' }));
    expect(
      await screen.findByText('No contract market is listed on this platform yet.'),
    ).toBeTruthy();
    expect(screen.queryByText(/No market matches/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Browse spot markets' }));
    expect(await screen.findByText('DOGE')).toBeTruthy();
  });
});
