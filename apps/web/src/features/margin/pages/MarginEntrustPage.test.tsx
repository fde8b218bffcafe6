import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { testOrder } from '../../spot/testing.ts';
import { MarginEntrustView } from './MarginEntrustPage.tsx';

type Params = { a: string; b: string; c: number };
const MARGIN_ORDERS = '/api/{head}/coin/entrust/marginOrders/:a/:b/:c';

function fakeApi(answer: (params: Params) => unknown) {
  const respond = async (spec: { path: string }, input?: { params?: Params }) => {
    if (spec.path === MARGIN_ORDERS) return answer(input!.params!);
    if (spec.path === '/api/currency/order/cancelOrder')
      return testOrder({ id: '7', status: 'cancelled' });
    throw new Error(`unexpected call ${spec.path}`);
  };
  const quiet = vi.fn(respond);
  const loud = vi.fn(respond);
  return Object.assign(loud, { quiet }) as unknown as ApiCall & {
    quiet: typeof quiet;
    mock: typeof loud.mock;
  };
}

const page = (list: ReturnType<typeof testOrder>[]) => ({
  list,
  total: list.length,
  page: 1,
  size: 20,
});

function renderCentre(api: ApiCall, account: 'all' | 'fixed', url = '/') {
  render(
    <TestProviders api={api}>
      <MemoryRouter entry={url}>
        <MarginEntrustView account={account} />
      </MemoryRouter>
    </TestProviders>,
  );
}

// Rendering antd tables in jsdom is slow on a busy machine; the limit only stops a hang.
describe('margin order centre: orders', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['margin', 'spot', 'markets']);
  });
  beforeEach(() => {
    useSettings.setState({ timezone: 'UTC', timeFormat: 'MM/DD/YYYY' });
    useSession.getState().signIn({
      token: 't',
      refreshToken: 'r',
      issuedAt: new Date().toISOString(),
      userInfo: testUser(),
    });
  });
  afterEach(cleanup);

  it("opens on the cross account's open orders and cancels one after a confirmation", async () => {
    const api = fakeApi(() => page([testOrder({ id: '7', status: 'waiting' })]));
    renderCentre(api, 'all');
    const table = await screen.findByTestId('margin-orders-open');
    const row = await waitFor(() => {
      const found = table.querySelector('[data-order-id="7"]');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: MARGIN_ORDERS }), {
      params: { a: 'all', b: 'open', c: 1 },
    });
    // Figures right-aligned in the shared order table.
    expect(row.querySelectorAll('td.num').length).toBeGreaterThan(5);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(api).not.toHaveBeenCalled();
    await screen.findByText('Cancel this BTC/USDT order?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(api.mock.calls[0]![0]).toMatchObject({ path: '/api/currency/order/cancelOrder' });
    expect(api.mock.calls[0]![1]).toEqual({ query: { id: '7' } });
  });

  it("shows an isolated pair's order history, and says when there is none", async () => {
    const api = fakeApi(() => page([]));
    renderCentre(api, 'fixed', '/?tab=orders');
    await screen.findByText('No orders from this account yet.');
    expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: MARGIN_ORDERS }), {
      params: { a: 'btcusdt', b: 'history', c: 1 },
    });
    // The CSV export is the loans history's.
    expect(screen.queryByTestId('margin-export')).toBeNull();
  });

  it('says when the orders could not be loaded, and retries', async () => {
    let calls = 0;
    const api = fakeApi(() => {
      calls += 1;
      throw new Error('down');
    });
    renderCentre(api, 'all');
    await screen.findByText('Your orders could not be loaded.');
    const before = calls;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});
