import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../shared/testing/router.tsx';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { loadAntd } from '../../../shared/ui/antd/scope.tsx';
import ui from '../../../shared/ui/market.module.css';
import { testFill, testOrder } from '../data/test-orders.ts';
import { SpotOrdersPanel } from './SpotOrdersPanel.tsx';

const OPEN = [
  testOrder(),
  testOrder({
    id: '102',
    side: 'sell',
    type: 'stop_limit',
    price: '60000',
    quantity: '0.5',
    triggerPrice: '61000',
    triggered: false,
    status: 'waiting',
    filledQuantity: '0',
    filledValue: '0',
    averagePrice: null,
    entrustedValue: '30000',
    fee: '0',
    feeCoin: 'USDT',
  }),
];

type Spec = { path: string };
type Input = { body?: { status?: string; symbol?: string }; query?: { id: string } };

function fakeApi() {
  const quiet = vi.fn(async (spec: Spec, input?: Input) => {
    if (spec.path === '/api/order/list') {
      const list = input?.body?.status === 'open' ? OPEN : [];
      return { list, total: list.length, page: 1, size: 50 };
    }
    if (spec.path.includes('transaction/details')) return [testFill()];
    if (spec.path.includes('myExchangeLog')) return [testFill()];
    if (spec.path.includes('wallet/get'))
      return {
        base: { coin: 'BTC', available: '1.5', held: '0.25' },
        quote: { coin: 'USDT', available: '83749.875', held: '16250.125' },
      };
    throw new Error(`unexpected call ${spec.path}`);
  });
  const loud = vi.fn(async (spec: Spec, input?: Input) => {
    if (spec.path === '/api/currency/order/cancelOrder')
      return testOrder({ id: input!.query!.id, status: 'cancelled' });
    throw new Error(`unexpected call ${spec.path}`);
  });
  return Object.assign(loud, { quiet }) as unknown as ApiCall & {
    quiet: typeof quiet;
    mock: typeof loud.mock;
  };
}

function renderPanel(api: ReturnType<typeof fakeApi>) {
  const router = testRouter(
    [
      { path: '/trade/index', element: <SpotOrdersPanel symbol="btcusdt" /> },
      { path: '/user/login', element: <p>login page</p> },
      { path: '/user/register', element: <p>register page</p> },
    ],
    '/trade/index?symbol=btcusdt',
  );
  render(<TestProviders api={api}>{router.element}</TestProviders>);
  return router;
}

const signIn = () =>
  useSession.getState().signIn({
    token: 't',
    refreshToken: 'r',
    issuedAt: new Date().toISOString(),
    userInfo: testUser(),
  });

// Rendering antd tables in jsdom is slow on a busy machine; the limit only stops a hang.
describe('spot orders panel', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['spot', 'markets']);
    // The signed-in panel and antd's scope are lazy chunks: imported once here, so the
    // first test that shows them is not timed on a cold import.
    await Promise.all([loadAntd(), import('./MyOrdersPanel.tsx')]);
  }, 30_000);
  beforeEach(() => {
    useSession.getState().logout();
    // Times are read in the user's timezone; pin it so the expected text holds anywhere.
    useSettings.setState({ timezone: 'UTC', timeFormat: 'MM/DD/YYYY' });
  });
  afterEach(cleanup);

  it('shows a visitor the way to log in or sign up, and asks the server nothing', async () => {
    const api = fakeApi();
    const router = renderPanel(api);
    expect(screen.getByText('Log in to see your orders')).toBeTruthy();
    expect(screen.queryByTestId('open-orders')).toBeNull();
    expect(api.quiet).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByText('login page');
    expect(router.location.search).toBe(
      `?redirect=${encodeURIComponent('/trade/index?symbol=btcusdt')}`,
    );
  });

  it('lists open orders with the seed fields, in the current market', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    const table = await screen.findByTestId('open-orders');
    const row = await waitFor(() => {
      const found = table.querySelector('[data-order-id="101"]');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    const cells = within(row);
    expect(cells.getByText('BTC/USDT')).toBeTruthy();
    expect(cells.getByText('Limit')).toBeTruthy();
    expect(cells.getByText('Buy').className).toContain(ui.up);
    expect(cells.getAllByText('65,000.50')).toHaveLength(2); // price and average price
    expect(cells.getByText('0.25')).toBeTruthy();
    expect(cells.getByText('0.1')).toBeTruthy();
    expect(cells.getByText('16,250.12')).toBeTruthy();
    expect(cells.getByText('Partially filled')).toBeTruthy();
    // Date and time on one line, in the user's timezone and date format.
    expect(cells.getByText('03/05/2026')).toBeTruthy();
    expect(cells.getByText('08:30:00')).toBeTruthy();

    const stop = within(table.querySelector('[data-order-id="102"]') as HTMLElement);
    expect(stop.getByText('Stop-limit')).toBeTruthy();
    expect(stop.getByText('61,000.00')).toBeTruthy();
    expect(stop.getByText('Waiting for trigger price')).toBeTruthy();
    expect(stop.getByText('Sell').className).toContain(ui.down);

    expect(screen.getByRole('tab', { name: 'Open orders (2)' })).toBeTruthy();
    expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/order/list' }), {
      body: { symbol: 'btcusdt', status: 'open', page: 1, size: 50 },
    });
  });

  it('lists every market once "current market only" is off', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    await screen.findByTestId('open-orders');
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() =>
      expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/order/list' }), {
        body: { status: 'open', page: 1, size: 50 },
      }),
    );
  });

  it('asks before cancelling, then cancels that order by id', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    const table = await screen.findByTestId('open-orders');
    const row = await waitFor(() => {
      const found = table.querySelector('[data-order-id="102"]');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    // Nothing is sent until the confirmation.
    expect(api).not.toHaveBeenCalled();
    const confirm = await screen.findByText('Cancel this BTC/USDT order?');
    expect(confirm).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(api.mock.calls[0]![0]).toMatchObject({ path: '/api/currency/order/cancelOrder' });
    expect(api.mock.calls[0]![1]).toEqual({ query: { id: '102' } });
  });

  it('keeps the order when the confirmation is declined', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    const table = await screen.findByTestId('open-orders');
    const row = await waitFor(() => {
      const found = table.querySelector('[data-order-id="101"]');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(api).not.toHaveBeenCalled();
  });

  it('expands an order to its fills', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    const table = await screen.findByTestId('open-orders');
    await waitFor(() => {
      if (!table.querySelector('[data-order-id="101"]')) throw new Error('no row yet');
    });
    fireEvent.click(within(table).getAllByRole('button', { name: 'Show fills' })[0]!);
    const fills = await screen.findByRole('table', { name: 'Fills of this order' });
    expect(within(fills).getByText('Taker')).toBeTruthy();
    expect(fills.querySelector('[data-fill-id="9001"]')).toBeTruthy();
    expect(api.quiet).toHaveBeenCalledWith(
      expect.objectContaining({ path: expect.stringContaining('transaction/details') }),
      { params: { id: '101' } },
    );
  });

  it('shows my trades and the market balances in their tabs', async () => {
    signIn();
    const api = fakeApi();
    renderPanel(api);
    fireEvent.click(screen.getByRole('tab', { name: 'Trade history' }));
    const trades = await screen.findByTestId('trade-history');
    await waitFor(() => expect(trades.querySelector('[data-fill-id="9001"]')).toBeTruthy());
    expect(within(trades).getByText('0.0001 BTC')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Balances' }));
    const balances = await screen.findByTestId('balances');
    const usdt = balances.querySelector('[data-coin="USDT"]') as HTMLElement;
    expect(within(usdt).getByText('83,749.87')).toBeTruthy();
    expect(within(usdt).getByText('16,250.12')).toBeTruthy();
  });

  it('shows each order as a card on a phone, with every field and its cancel button', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...desktop(query), matches: query === '(max-width: 767px)' }) as MediaQueryList;
    try {
      signIn();
      renderPanel(fakeApi());
      const list = await screen.findByTestId('open-orders');
      const card = await waitFor(() => {
        const found = list.querySelector('li[data-order-id="102"]');
        if (!found) throw new Error('no card yet');
        return found as HTMLElement;
      });
      expect(list.querySelector('table')).toBeNull();
      const fields = within(card);
      expect(fields.getByText('Trigger price')).toBeTruthy();
      expect(fields.getByText('61,000.00')).toBeTruthy();
      expect(fields.getByText('Waiting for trigger price')).toBeTruthy();
      expect(fields.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    } finally {
      window.matchMedia = desktop;
    }
  });
});
