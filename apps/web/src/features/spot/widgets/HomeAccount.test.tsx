import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketRow } from '@meridian/contract/calls/market';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { FakeSocket } from '../../../shared/testing/fake-socket.ts';
import { installDomShims, testPlatformConfig } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { createFavourites, MarketFeed, MarketLayerContext } from '../../markets/testing.ts';
import { testOrder } from '../data/test-orders.ts';
import { HomeAccount } from './HomeAccount.tsx';

const market = (base: string, close: string): MarketRow => ({
  id: base,
  c_id: base,
  symbol_name: `${base.toUpperCase()}/USDT`,
  base_symbol: base.toUpperCase(),
  plate: 'main',
  close,
  amount: '1',
  zdf: '0',
  part_cou: 2,
  full_cou: 6,
  collect: 0,
  state: 'trading',
});
const ROWS = [market('btc', '60000'), market('eth', '3000')];
const WALLETS: Record<string, string> = { btc: '0.5', eth: '0' };

interface Answers {
  wallet?: 'fail' | 'empty';
  orders?: 'fail' | 'empty';
}

function fakeApi(answers: Answers = {}) {
  const quiet = vi.fn(async (spec: { path: string }, options?: { params?: { a: string } }) => {
    if (spec.path.endsWith('getSpotGoods')) return ROWS;
    if (spec.path.includes('wallet')) {
      if (answers.wallet === 'fail') throw new Error('down');
      const coin = options!.params!.a;
      const empty = answers.wallet === 'empty';
      return {
        base: { coin, available: empty ? '0' : WALLETS[coin], held: '0' },
        quote: { coin: 'usdt', available: empty ? '0' : '1000', held: empty ? '0' : '500' },
      };
    }
    if (spec.path === '/api/order/list') {
      if (answers.orders === 'fail') throw new Error('down');
      const list =
        answers.orders === 'empty'
          ? []
          : [
              testOrder({ id: '1' }),
              testOrder({ id: '2', side: 'sell', price: null, type: 'market' }),
            ];
      return { list, total: list.length, page: 1, size: 5 };
    }
    return [];
  });
  return Object.assign(vi.fn(), { quiet }) as unknown as ApiCall;
}

function renderHome(answers?: Answers) {
  const api = fakeApi(answers);
  const feed = new MarketFeed({
    api,
    socketUrl: 'ws://test',
    createSocket: (u) => new FakeSocket(u),
  });
  const layer = {
    feed,
    favourites: createFavourites({ add: async () => null, remove: async () => null }),
  };
  const router = testRouter([{ path: '*', element: <HomeAccount /> }]);
  render(
    <TestProviders api={api} config={testPlatformConfig({ socketUrl: 'ws://test' })}>
      <MarketLayerContext.Provider value={layer}>{router.element}</MarketLayerContext.Provider>
    </TestProviders>,
  );
}

describe('signed-in home: balances and recent orders', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['spot', 'markets']);
  });
  beforeEach(() => {
    useSession.getState().signIn({
      token: 't',
      refreshToken: 'r',
      issuedAt: new Date().toISOString(),
      userInfo: testUser(),
    });
    useSettings.setState({ language: 'en', currency: { code: 'EUR', symbol: '€', rate: '0.5' } });
  });
  afterEach(() => {
    cleanup();
    useSession.getState().logout();
  });

  it('shows the total in the display currency, the main coins and the last orders', async () => {
    renderHome();
    const balances = await screen.findByTestId('home-balances');
    // 0.5 BTC at 60,000 plus 1,500 USDT = 31,500 USDT, at 0.5 EUR each.
    expect(within(balances).getByText('≈ €15,750.00')).toBeTruthy();
    expect(within(balances).getByText('31,500.00 USDT')).toBeTruthy();
    const coins = [...balances.querySelectorAll('tr[data-coin]')].map((r) =>
      r.getAttribute('data-coin'),
    );
    expect(coins).toEqual(['btc', 'usdt']);
    const orders = await screen.findByTestId('home-orders');
    expect(orders.querySelectorAll('li')).toHaveLength(2);
    expect(within(orders).getAllByText('BTC/USDT')).toHaveLength(2);
    // The limit order's price, and the market order's average price.
    expect(within(orders).getAllByText('65,000.50')).toHaveLength(2);
    expect(within(orders).getAllByText('0.25 BTC')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Order center' }).getAttribute('href')).toBe(
      '/account/entrust/spot',
    );
  });

  it('says so when the wallet is empty and there are no orders', async () => {
    renderHome({ wallet: 'empty', orders: 'empty' });
    expect(await screen.findByText('Your spot wallet is empty.')).toBeTruthy();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place an order' })).toBeTruthy();
  });

  it('offers a retry when either cannot be loaded', async () => {
    renderHome({ wallet: 'fail', orders: 'fail' });
    expect(await screen.findByText('Your balances could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Your orders could not be loaded.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2));
  });
});
