import { TestProviders } from '../../../../shared/testing/TestProviders.tsx';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../../shared/testing/router.tsx';
import type { MarketRow } from '@meridian/contract/calls/market';
import type { SpotMarketRules, SpotOrder } from '@meridian/contract/calls/spot';
import { testOrder } from '../../data/test-orders.ts';
import type { ApiCall } from '../../../../shared/api/client.ts';
import { initI18n } from '../../../../shared/i18n/index.ts';
import {
  createFavourites,
  MarketFeed,
  MarketLayerContext,
  type MarketLayer,
  priceInfo,
} from '../../../markets/testing.ts';
import { FakeSocket } from '../../../../shared/testing/fake-socket.ts';
import { testUser } from '../../../../shared/session/test-user.ts';
import { useSession } from '../../../../shared/session/store.ts';
import { installDomShims, testPlatformConfig } from '../../../../shared/testing/fixtures.ts';
import { orderForm } from './order-form-part.ts';
import { FullScreenTradePage, TradePage } from './TradePage.tsx';

// The chart draws on a canvas jsdom does not have; everything around it is under test.
// jsdom cannot lay out a canvas chart: the markets feature's chart hook is replaced (the
// path is the hook's own file, which the page reaches through the feature's index).
vi.mock('../../../markets/pages/market/useCandleChart.ts', () => ({
  useCandleChart: () => ({ hasCandles: false }),
}));

const config = testPlatformConfig({ socketUrl: 'ws://test' });

const row = (base: string, close: string): MarketRow => ({
  id: base,
  c_id: base,
  symbol_name: `${base}/USDT`,
  base_symbol: base,
  plate: 'main',
  close,
  amount: '100',
  zdf: '0.50',
  part_cou: 2,
  full_cou: 4,
  collect: 0,
  state: 'trading',
});

const SPOT = [row('BTC', '100'), row('ETH', '3200')];

const rules = (symbol: string, state: SpotMarketRules['state'] = 'trading'): SpotMarketRules => ({
  symbol,
  base: symbol.replace('usdt', '').toUpperCase(),
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
  priceBandPercent: '5',
  state,
});

interface FakeOptions {
  /** What the order call does: answer, or fail like a lost connection. */
  submit?: () => Promise<unknown>;
  /** The signed-in user's open orders. */
  open?: SpotOrder[];
  /** Markets whose trading operators paused. */
  paused?: string[];
  /** A market nobody has placed an order in yet. */
  emptyBook?: boolean;
}

/** A fake API by path, as the server answers these calls. */
function fakeApi(options: FakeOptions = {}) {
  const quiet = vi.fn(async (spec: { path: string }, ...args: unknown[]) => {
    const path = spec.path;
    if (path.endsWith('getSpotGoods')) return SPOT;
    if (path.endsWith('getContract')) return [];
    if (path.includes('initData')) return { rows: [], tickers: [] };
    if (path.endsWith('spotMarkets')) {
      const paused = (symbol: string) => (options.paused?.includes(symbol) ? 'paused' : 'trading');
      return ['btcusdt', 'ethusdt'].map((symbol) => rules(symbol, paused(symbol)));
    }
    if (path.includes('wallet/get')) {
      return {
        base: { coin: 'BTC', available: '2', held: '0' },
        quote: { coin: 'USDT', available: '1000', held: '0' },
      };
    }
    if (path.includes('depth') && options.emptyBook) {
      return { symbol: 'btcusdt', asks: [], bids: [], time: 1 };
    }
    if (path.includes('depth')) {
      return {
        symbol: 'btcusdt',
        asks: [
          ['100.5', '1.5'],
          ['100.7', '0.5'],
        ],
        bids: [
          ['99.5', '2'],
          ['99.2', '1'],
        ],
        time: 1,
      };
    }
    if (path === '/api/order/list') {
      const input = (args[0] ?? {}) as { body?: { status?: string } };
      const list = input.body?.status === 'open' ? (options.open ?? []) : [];
      return { list, total: list.length, page: 1, size: 50 };
    }
    if (path.includes('kline')) return [];
    if (path.includes('transaction')) return [];
    return null;
  });
  const call = vi.fn(async (spec: { path: string }) => {
    if (spec.path.endsWith('order/submit')) {
      return options.submit ? options.submit() : testOrder({ id: '1', status: 'waiting' });
    }
    if (spec.path.endsWith('order/cancelAll')) {
      const ids = (options.open ?? []).map((o) => o.id);
      return { cancelled: ids.length, ids };
    }
    return null;
  });
  return Object.assign(call, { quiet }) as unknown as ApiCall & {
    quiet: typeof quiet;
    mock: typeof call.mock;
  };
}

function renderTrade(api: ReturnType<typeof fakeApi>, entry: string) {
  const feed = new MarketFeed({
    api,
    socketUrl: 'ws://test',
    createSocket: (url) => new FakeSocket(url),
  });
  const layer: MarketLayer = {
    feed,
    favourites: createFavourites({ add: async () => null, remove: async () => null }),
  };
  const router = testRouter(
    [
      { path: '/trade/index', element: <TradePage /> },
      { path: '/exchange/full-screen/:type', element: <FullScreenTradePage /> },
      { path: '/user/login', element: <p>login page</p> },
    ],
    entry,
  );
  render(
    <TestProviders api={api} config={config}>
      <MarketLayerContext.Provider value={layer}>{router.element}</MarketLayerContext.Provider>
    </TestProviders>,
  );
  return { router, feed };
}

const signIn = () =>
  useSession.getState().signIn({
    token: 'tok',
    refreshToken: 'r',
    issuedAt: '2026-01-01T00:00:00.000Z',
    userInfo: testUser(),
  });

const buyForm = () => screen.getByRole('region', { name: 'Buy BTC' });

/** Waits until the wallet has loaded into the buy form. */
async function walletLoaded() {
  await vi.waitFor(() =>
    expect(within(buyForm()).getByTestId('figure-available').textContent).toContain('1,000.000'),
  );
}

describe('spot trade page', () => {
  beforeAll(async () => {
    installDomShims();
    // The order form is a part of its own, fetched with the page (order-form-part.ts):
    // loaded here first, so the tests' waits are for the page, not for the module's first
    // transform, which can take longer than a wait allows on a busy machine.
    await Promise.all([initI18n('en', ['spot', 'markets']), orderForm.load()]);
  });
  beforeEach(() => useSession.getState().logout());
  afterEach(cleanup);

  it('shows a visitor log-in and sign-up links back to this page instead of sending', async () => {
    const { router } = renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    const form = await screen.findByRole('region', { name: 'Buy BTC' });
    const back = `?redirect=${encodeURIComponent('/trade/index?type=spot&symbol=btc')}`;
    expect(within(form).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/user/login${back}`,
    );
    expect(within(form).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/user/register${back}`,
    );
    expect(within(form).queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    fireEvent.click(within(form).getByRole('link', { name: 'Log in' }));
    expect(router.location.pathname).toBe('/user/login');
    expect(router.location.search).toBe(back);
  });

  it('keeps typed quantities to the market decimals', async () => {
    signIn();
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const quantity = within(buyForm()).getByLabelText('Quantity (BTC)');
    fireEvent.change(quantity, { target: { value: '1.234567' } });
    expect((quantity as HTMLInputElement).value).toBe('1.2345');
  });

  it('sizes 50% of 1000 USDT at price 100 as 5.0000 BTC', async () => {
    signIn();
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const form = buyForm();
    // The price starts at the market's last price (100).
    expect((within(form).getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe('100.00');
    fireEvent.click(within(form).getByText('50%'));
    expect((within(form).getByLabelText('Quantity (BTC)') as HTMLInputElement).value).toBe(
      '5.0000',
    );
    expect(within(form).getByTestId('figure-value').textContent).toContain('500 USDT');
    expect(within(form).getByTestId('figure-after').textContent).toContain('500 USDT');
    // A buy pays its fee in what it receives: at most the taker's 0.20% of 5 BTC.
    expect(within(form).getByTestId('figure-fee').textContent).toBe(
      'Fee, at most (maker 0.10% / taker 0.20%)0.01 BTC',
    );
    expect(within(form).getByTestId('figure-receive').textContent).toContain('4.99 BTC');
  });

  it('starts the price at the live last price once the socket has one', async () => {
    signIn();
    const { feed } = renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    // The socket's price arrives before the market list's (100): the form reads it itself.
    act(() => feed.tickers.snapshot([priceInfo('btcusdt', '120.5', 1)]));
    await walletLoaded();
    expect((within(buyForm()).getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe(
      '120.50',
    );
  });

  it('shows a fault under the field before sending', async () => {
    signIn();
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const form = buyForm();
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '20' } });
    expect(within(form).getByRole('alert').textContent).toBe('Not enough USDT available.');
    expect(within(form).getByRole('button', { name: 'Buy BTC' })).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '0.01' } });
    expect(within(form).getByRole('alert').textContent).toBe(
      'The order value must be at least 5 USDT.',
    );
  });

  it('sends the confirmed order with an idempotency key, reused when the same order is retried', async () => {
    signIn();
    let fail = true;
    const api = fakeApi({
      submit: () =>
        fail ? Promise.reject(new Error('no answer')) : Promise.resolve(testOrder({ id: '1' })),
    });
    renderTrade(api, '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const form = buyForm();
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '99.5' } });
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm: Buy BTC')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(api.mock.calls).toHaveLength(1));
    const [spec, input, extra] = api.mock.calls[0] as unknown as [
      { path: string },
      { body: unknown },
      { headers: Record<string, string> },
    ];
    expect(spec.path).toBe('/api/currency/order/submit');
    expect(input.body).toEqual({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '99.5',
      quantity: '2',
    });
    const key = extra.headers['Idempotency-Key'];
    expect(key).toMatch(/^[\w-]{8,128}$/);
    // The first try got no answer: the retry is the same submission, with the same key.
    fail = false;
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(api.mock.calls).toHaveLength(2));
    const retried = api.mock.calls[1] as unknown as [
      unknown,
      unknown,
      { headers: Record<string, string> },
    ];
    expect(retried[2].headers['Idempotency-Key']).toBe(key);
    // Placed: the quantity is cleared for the next order.
    await vi.waitFor(() =>
      expect((within(form).getByLabelText('Quantity (BTC)') as HTMLInputElement).value).toBe(''),
    );
  });

  it('sends a market buy by amount as quoteAmount', async () => {
    signIn();
    const api = fakeApi();
    renderTrade(api, '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    fireEvent.click(screen.getByText('Market'));
    const form = buyForm();
    fireEvent.click(within(form).getByText('By amount (USDT)'));
    fireEvent.change(within(form).getByLabelText('Amount (USDT)'), {
      target: { value: '250.129' },
    });
    expect((within(form).getByLabelText('Amount (USDT)') as HTMLInputElement).value).toBe('250.12');
    fireEvent.click(within(form).getByRole('button', { name: 'Buy BTC' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await vi.waitFor(() => expect(api.mock.calls).toHaveLength(1));
    const [, input] = api.mock.calls[0] as unknown as [unknown, { body: unknown }];
    expect(input.body).toEqual({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      quoteAmount: '250.12',
    });
  });

  it('fills the price from a click on the book', async () => {
    signIn();
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    fireEvent.click(await screen.findByRole('button', { name: /99\.50/ }));
    expect((within(buyForm()).getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe(
      '99.50',
    );
  });

  it('groups the book by a coarser step: asks up, bids down, with cumulative totals', async () => {
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await screen.findByRole('button', { name: /99\.50/ });
    const rows = () =>
      screen
        .getAllByTestId('book-row')
        .map((row) => [...row.querySelectorAll('[data-number]')].map((cell) => cell.textContent));
    // Price, amount, total (the amounts at the market's lot decimals, so they line up):
    // asks best last, bids best first, no empty rows.
    expect(rows()).toEqual([
      ['100.70', '0.5000', '2.0000'],
      ['100.50', '1.5000', '1.5000'],
      ['99.50', '2.0000', '2.0000'],
      ['99.20', '1.0000', '3.0000'],
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price grouping' }), {
      target: { value: '1' },
    });
    await vi.waitFor(() =>
      expect(rows()).toEqual([
        ['101', '2.0000', '2.0000'],
        ['99', '3.0000', '3.0000'],
      ]),
    );
  });

  it('shows the last and index prices and the spread with its percentage between the sides', async () => {
    const { feed } = renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await screen.findByRole('button', { name: /99\.50/ });
    act(() =>
      feed.tickers.snapshot([{ ...priceInfo('btcusdt', '100.2', 1), indexPrice: '100.1' }]),
    );
    const middle = await screen.findByTestId('book-middle');
    await vi.waitFor(() =>
      expect(within(middle).getByTestId('book-last').textContent).toBe('100.20'),
    );
    expect(within(middle).getByTestId('book-index').textContent).toBe('100.10');
    // 100.5 - 99.5 = 1, of the mid price 100: 1%.
    expect(within(middle).getByTestId('book-spread').textContent).toBe('1.00 (1.00%)');
    // The price rose on the next tick: green, with an up arrow.
    act(() =>
      feed.tickers.snapshot([{ ...priceInfo('btcusdt', '100.3', 2), indexPrice: '100.1' }]),
    );
    await vi.waitFor(() =>
      expect(within(middle).getByRole('img', { name: 'Price went up' })).toBeTruthy(),
    );
  });

  it("shows the app's one empty state in a book and a trade list that have nothing yet", async () => {
    renderTrade(fakeApi({ emptyBook: true }), '/trade/index?type=spot&symbol=btc');
    const book = await screen.findByText('No orders in the book yet.');
    expect(book.closest('[data-empty-kind="none"]')).toBeTruthy();
    expect(screen.queryAllByTestId('book-row')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Trades' }));
    const trades = await screen.findByText('No trades yet.');
    expect(trades.closest('[data-empty-kind="none"]')).toBeTruthy();
  });

  it('says why the button cannot send yet', async () => {
    signIn();
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const form = buyForm();
    const hint = () => within(form).getByTestId('form-hint').textContent;
    const button = () => within(form).getByRole('button', { name: 'Buy BTC' });
    expect(hint()).toBe('Enter an amount of BTC');
    expect(button()).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '' } });
    expect(hint()).toBe('Enter a price');
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '100' } });
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '20' } });
    expect(hint()).toBe('Not enough USDT available');
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '1' } });
    expect(hint()).toBe('');
    expect(button()).toHaveProperty('disabled', false);
    // The sell side is one toggle away, with its own hint.
    fireEvent.click(screen.getByText('Sell'));
    const sell = screen.getByRole('region', { name: 'Sell BTC' });
    expect(within(sell).getByTestId('form-hint').textContent).toBe('Enter an amount of BTC');
    expect(screen.queryByRole('region', { name: 'Buy BTC' })).toBeNull();
  });

  it('says a paused market takes no new orders, whatever is typed', async () => {
    signIn();
    const api = fakeApi({ paused: ['btcusdt'] });
    renderTrade(api, '/trade/index?type=spot&symbol=btc');
    await walletLoaded();
    const form = buyForm();
    const hint = () => within(form).getByTestId('form-hint').textContent;
    await vi.waitFor(() => expect(hint()).toMatch(/^Trading on this market is paused/));
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '100' } });
    fireEvent.change(within(form).getByLabelText('Quantity (BTC)'), { target: { value: '1' } });
    expect(hint()).toMatch(/open orders can still be cancelled/);
    expect(within(form).getByRole('button', { name: 'Buy BTC' })).toHaveProperty('disabled', true);
  });

  it('remembers the chart height the trader picks with the handle', async () => {
    renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    const handle = await screen.findByRole('separator', { name: 'Drag to resize the chart' });
    const before = Number(handle.getAttribute('aria-valuenow'));
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(before + 40);
    const stored = JSON.parse(localStorage.getItem('meridian:tradeChartHeight') ?? '{}') as {
      content?: number;
    };
    expect(stored.content).toBe(before + 40);
    localStorage.removeItem('meridian:tradeChartHeight');
  });

  it('cancels all open orders of this market after saying how many', async () => {
    signIn();
    const api = fakeApi({
      open: [testOrder({ id: '7', status: 'waiting' }), testOrder({ id: '8', status: 'partial' })],
    });
    renderTrade(api, '/trade/index?type=spot&symbol=btc');
    await screen.findByRole('tab', { name: 'Open orders (2)' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Open orders in BTC/USDT: 2. All of them will be cancelled and the funds they hold released.',
    );
    // Nothing is sent before the confirmation.
    expect(
      api.mock.calls.some(([spec]) => (spec as { path: string }).path.endsWith('cancelAll')),
    ).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel all orders' }));
    await vi.waitFor(() => {
      const sent = (api.mock.calls as unknown as [{ path: string }, unknown][]).find(([spec]) =>
        spec.path.endsWith('cancelAll'),
      );
      expect(sent?.[1]).toEqual({ body: { symbol: 'btcusdt' } });
    });
  });

  it('warns about an unknown market and shows BTC/USDT', async () => {
    const { router } = renderTrade(fakeApi(), '/trade/index?symbol=doge');
    expect(
      await screen.findByText('This market is not listed; showing BTC/USDT instead.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Buy BTC' })).toBeTruthy();
    // A missing type is replaced by spot in the address.
    expect(new URLSearchParams(router.location.search).get('type')).toBe('spot');
  });

  it('opens a full symbol, and the full-screen view of another type as spot', async () => {
    const { router } = renderTrade(fakeApi(), '/exchange/full-screen/usdt?symbol=ethusdt');
    await screen.findByRole('region', { name: 'Buy ETH' });
    expect(router.location.pathname).toBe('/exchange/full-screen/spot');
    expect(screen.getByRole('link', { name: /Standard view/ }).getAttribute('href')).toBe(
      '/trade/index?type=spot&symbol=ethusdt',
    );
  });

  it('lists markets with live prices in the switcher and switches market', async () => {
    const { router, feed } = renderTrade(fakeApi(), '/trade/index?type=spot&symbol=btc');
    await screen.findByRole('region', { name: 'Buy BTC' });
    act(() => feed.tickers.snapshot([priceInfo('ethusdt', '3300.5', 1, '2.00')]));
    fireEvent.click(screen.getByRole('button', { name: 'BTC/USDT, Switch market' }));
    // Other lists (the fund's balances) are on the page too: wait for the switcher's row,
    // found by its market (asking every list item of the page for its role on each retry
    // took most of this test's time).
    const eth = await vi.waitFor(() => {
      const row = document.querySelector<HTMLElement>('li[data-symbol="ethusdt"]');
      if (!row) throw new Error('switcher not open yet');
      return row;
    });
    expect(eth.textContent).toContain('3,300.50');
    fireEvent.click(within(eth).getByRole('button', { name: /3,300\.50/ }));
    expect(new URLSearchParams(router.location.search).get('symbol')).toBe('ethusdt');
  });
});
