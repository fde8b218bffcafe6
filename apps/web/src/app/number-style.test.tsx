import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { testRouter } from '../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MarketRow } from '@meridian/contract/calls/market';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import type { ApiCall } from '../shared/api/client.ts';
import { initI18n } from '../shared/i18n/index.ts';
import i18next from 'i18next';
import { useSession } from '../shared/session/store.ts';
import { testUser } from '../shared/session/test-user.ts';
import { useSettings } from '../shared/settings/store.ts';
import { FakeSocket } from '../shared/testing/fake-socket.ts';
import { installDomShims, testPlatformConfig } from '../shared/testing/fixtures.ts';
import { TestProviders } from '../shared/testing/TestProviders.tsx';
import {
  createFavourites,
  MarketFeed,
  MarketLayerContext,
  MarketOverview,
  MarketStats,
  OrderBook,
  priceInfo,
  QuoteRow,
  RatePage,
  RecentTrades,
  TopMovers,
} from '../features/markets/testing.ts';
import {
  OrderCards,
  OrderPanel,
  OrdersTable,
  SpotBalances,
  testOrder,
} from '../features/spot/testing.ts';
import { SettingsDrawer } from './settings/SettingsDrawer.tsx';

/**
 * Issue 14: one value reads the same on every page. Each kind of figure (price, amount,
 * change, fiat) goes through every page's own cell, in English and in German, and every
 * page must print the same text.
 *
 * The trade page's order book, recent trades, header and order form are in the tables
 * too (the market switcher's rows use the markets list's own cells).
 */

const BTC = '66777.57';
const QUANTITY = '100066.613986';
const CHANGE = '-3.456';
const KRW_RATE = '1460.000';

const row: MarketRow = {
  id: 'btc',
  c_id: 'btc',
  symbol_name: 'BTC/USDT',
  base_symbol: 'BTC',
  plate: 'main',
  close: BTC,
  amount: '123456789',
  zdf: CHANGE,
  part_cou: 2,
  full_cou: 6,
  collect: 0,
  state: 'trading',
};
const order: SpotOrder = testOrder({
  price: BTC,
  averagePrice: BTC,
  quantity: QUANTITY,
  filledQuantity: '0',
  entrustedValue: QUANTITY,
});

function fakeApi() {
  const quiet = vi.fn(async (spec: { path: string }) => {
    if (spec.path.includes('getCoinRate'))
      return [
        {
          exchange_value: 'KRW',
          quote_currency: 'USDT',
          exchange_code: 'krw',
          rate: KRW_RATE,
          symbol: '₩',
        },
      ];
    if (spec.path.includes('wallet'))
      return {
        base: { coin: 'btc', available: QUANTITY, held: '0' },
        quote: { coin: 'usdt', available: '0', held: '0' },
      };
    return [];
  });
  return Object.assign(vi.fn(), { quiet }) as unknown as ApiCall;
}

/**
 * Renders one page's piece with what it needs around it, and returns its root; `prepare`
 * fills the market feed first (the trade page's book, trades and tickers).
 */
function mount(ui: ReactElement, prepare?: (feed: MarketFeed) => void): HTMLElement {
  const api = fakeApi();
  const feed = new MarketFeed({
    api,
    socketUrl: 'ws://test',
    createSocket: (u) => new FakeSocket(u),
  });
  prepare?.(feed);
  const layer = {
    feed,
    favourites: createFavourites({ add: async () => null, remove: async () => null }),
  };
  const router = testRouter([{ path: '*', element: ui }]);
  const { container } = render(
    <TestProviders api={api} config={testPlatformConfig({ socketUrl: 'ws://test' })}>
      <MarketLayerContext.Provider value={layer}>{router.element}</MarketLayerContext.Provider>
    </TestProviders>,
  );
  return container;
}

const cell = (root: HTMLElement, kind: string, index = 0) =>
  within(root).getAllByText((_, el) => el?.getAttribute('data-number') === kind)[index]!
    .textContent;

type Page = [page: string, read: () => Promise<string | null> | string | null];

const PRICE_CELLS: Page[] = [
  [
    'home: main markets',
    () => cell(mount(<MarketOverview rows={[row]} loading={false} />), 'price'),
  ],
  ['home: top movers', () => cell(mount(<TopMovers rows={[row]} />), 'price')],
  [
    'quotes: row',
    () =>
      cell(
        mount(
          <table>
            <tbody>
              <QuoteRow row={row} onOpen={() => {}} onToggleStar={() => {}} />
            </tbody>
          </table>,
        ),
        'price',
      ),
  ],
  ['orders: table', () => cell(mount(<OrdersTableOf orders={[order]} />), 'price')],
  [
    'orders: card',
    () => cell(mount(<OrderCards orders={[order]} loading={false} emptyText="" />), 'price'),
  ],
  ['trade: order book', () => cell(mountBook(), 'price')],
  ['trade: recent trades', () => cell(mountTrades(), 'price')],
  ['trade: header', () => cell(mountStats(), 'price')],
];

const AMOUNT_CELLS: Page[] = [
  ['orders: table', () => cell(mount(<OrdersTableOf orders={[order]} />), 'amount')],
  [
    'orders: card',
    () => cell(mount(<OrderCards orders={[order]} loading={false} emptyText="" />), 'amount'),
  ],
  [
    'orders: balances',
    async () => {
      useSession.getState().signIn({
        token: 't',
        refreshToken: 'r',
        issuedAt: new Date().toISOString(),
        userInfo: testUser(),
      });
      const root = mount(<SpotBalances symbol="btcusdt" />);
      await waitFor(() => expect(root.querySelector('[data-coin="btc"]')).toBeTruthy());
      return cell(root.querySelector('[data-coin="btc"]')!, 'amount');
    },
  ],
  [
    'trade: order form',
    async () => {
      useSession.getState().signIn({
        token: 't',
        refreshToken: 'r',
        issuedAt: new Date().toISOString(),
        userInfo: testUser(),
      });
      const root = mount(
        <OrderPanel
          market={{ symbol: 'btcusdt', maths: MATHS, listedPrice: BTC }}
          coins={{ base: 'btc', quote: 'usdt' }}
          picked={null}
          side="sell"
          phone={false}
        />,
      );
      const available = await waitFor(() => {
        const sell = within(root).getByRole('region', {
          name: i18next.t('spot:trade.form.sellTitle', { base: 'BTC' }),
        });
        const figure = within(sell).getByTestId('figure-available');
        if (!figure.querySelector('[data-number]')?.textContent?.match(/\d/))
          throw new Error('wallet not loaded yet');
        return figure;
      });
      // The figure, without the coin written after it.
      return cell(available, 'amount')?.replace(/\s*BTC$/, '') ?? null;
    },
  ],
];

const PERCENT_CELLS: Page[] = [
  [
    'home: main markets',
    () => cell(mount(<MarketOverview rows={[row]} loading={false} />), 'percent'),
  ],
  ['home: top movers', () => cell(mount(<TopMovers rows={[row]} />), 'percent')],
  [
    'quotes: row',
    () =>
      cell(
        mount(
          <table>
            <tbody>
              <QuoteRow row={row} onOpen={() => {}} onToggleStar={() => {}} />
            </tbody>
          </table>,
        ),
        'percent',
      ),
  ],
  ['trade: header', () => cell(mountStats(), 'percent')],
];

const RATE_CELLS: Page[] = [
  [
    'rate page',
    async () => {
      const root = mount(<RatePage />);
      await screen.findByText('KRW');
      return cell(root, 'fiat');
    },
  ],
  [
    'settings drawer',
    async () => {
      useSettings.setState({ currency: { code: 'KRW', symbol: '₩', rate: KRW_RATE } });
      mount(<SettingsDrawer />);
      screen.getByRole('button', { name: i18next.t('settings.title') }).click();
      const rate = await screen.findByTestId('settings-rate');
      return cell(rate, 'fiat');
    },
  ],
];

const MATHS = {
  priceDecimals: 2,
  quantityDecimals: 6,
  lotSize: '0.000001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
};

/** The trade page's book with one level a side: BTC's price, QUANTITY's amount. */
const mountBook = () =>
  mount(<OrderBook symbol="btcusdt" decimals={{ price: 2, amount: 6 }} />, (feed) =>
    feed.depth.snapshot({
      symbol: 'btcusdt',
      asks: [[BTC, QUANTITY]],
      bids: [],
      time: 1,
    }),
  );

const mountTrades = () =>
  mount(<RecentTrades decimals={{ price: 2, amount: 6 }} />, (feed) =>
    feed.trades.snapshot([{ id: '1', price: BTC, amount: QUANTITY, direction: 'buy', time: 1 }]),
  );

const mountStats = () =>
  mount(<MarketStats symbol="btcusdt" priceDecimals={2} />, (feed) =>
    feed.tickers.snapshot([priceInfo('btcusdt', BTC, 1, CHANGE)]),
  );

function OrdersTableOf({ orders }: { orders: SpotOrder[] }) {
  return (
    <OrdersTable
      testId="orders"
      orders={orders}
      loading={false}
      failed={false}
      onRetry={() => {}}
      page={1}
      size={20}
      total={orders.length}
      onPage={() => {}}
      emptyText=""
    />
  );
}

// The book and the recent trades list one market's rows, which line up: an amount there
// has the market's lot decimals (6 here), as a price there has its tick decimals.
const LOT_AMOUNT_CELLS: Page[] = [
  ['trade: order book', () => cell(mountBook(), 'amount')],
  ['trade: recent trades', () => cell(mountTrades(), 'amount')],
];

const EXPECTED = {
  en: {
    price: '66,777.57',
    amount: '100,066.6',
    lotAmount: '100,066.613986',
    percent: '-3.46%',
    rate: '1,460\u00a0KRW',
  },
  de: {
    price: '66.777,57',
    amount: '100.066,6',
    lotAmount: '100.066,613986',
    percent: '-3,46\u00a0%',
    rate: '1.460\u00a0KRW',
  },
} as const;

// Rendering antd tables in jsdom is slow on a busy machine; the limit only stops a hang.
describe.each(['en', 'de'] as const)(
  'one number style on every page (%s)',
  { timeout: 20_000 },
  (language) => {
    beforeAll(async () => {
      installDomShims();
      await initI18n(language, ['markets', 'spot']);
    });
    afterEach(() => {
      cleanup();
      useSession.getState().logout();
      useSettings.setState({ language, currency: { code: 'USD', symbol: '$', rate: '1' } });
    });

    const expected = EXPECTED[language];
    it.each(PRICE_CELLS)('a price on %s', async (_, read) => {
      useSettings.setState({ language });
      expect(await read()).toBe(expected.price);
    });
    it.each(AMOUNT_CELLS)('an amount on %s', async (_, read) => {
      useSettings.setState({ language });
      expect(await read()).toBe(expected.amount);
    });
    it.each(LOT_AMOUNT_CELLS)('an amount at lot decimals on %s', async (_, read) => {
      useSettings.setState({ language });
      expect(await read()).toBe(expected.lotAmount);
    });
    it.each(PERCENT_CELLS)('a change on %s', async (_, read) => {
      useSettings.setState({ language });
      expect(await read()).toBe(expected.percent);
    });
    it.each(RATE_CELLS)('a rate on the %s', async (_, read) => {
      useSettings.setState({ language });
      expect(await read()).toBe(expected.rate);
    });
  },
);
