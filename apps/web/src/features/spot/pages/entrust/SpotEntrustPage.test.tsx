import { TestProviders } from '../../../../shared/testing/TestProviders.tsx';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../../shared/testing/router.tsx';
import type { ApiCall } from '../../../../shared/api/client.ts';
import { initI18n } from '../../../../shared/i18n/index.ts';
import { useSession } from '../../../../shared/session/store.ts';
import { useSettings } from '../../../../shared/settings/store.ts';
import { testUser } from '../../../../shared/session/test-user.ts';
import { installDomShims } from '../../../../shared/testing/fixtures.ts';
import { testOrder } from '../../data/test-orders.ts';
import { SpotEntrustPage } from './SpotEntrustPage.tsx';

type Body = { status: string; symbol?: string; page: number; size: number };

const ORDERS = [
  testOrder(),
  testOrder({ id: '99', symbol: 'ethusdt', status: 'cancelled', price: '2,000' }),
];

function fakeApi(orders = ORDERS) {
  const answer = async (spec: { path: string }, input?: { body?: Body }) => {
    if (spec.path === '/api/order/list')
      return { list: orders, total: orders.length, page: input!.body!.page, size: 20 };
    if (spec.path.endsWith('getSpotGoods')) return [];
    throw new Error(`unexpected call ${spec.path}`);
  };
  const quiet = vi.fn(answer);
  const loud = vi.fn(answer);
  return Object.assign(loud, { quiet }) as unknown as ApiCall & {
    quiet: typeof quiet;
    mock: typeof loud.mock;
  };
}

function renderPage(api: ApiCall) {
  render(
    <TestProviders api={api}>
      <MemoryRouter>
        <SpotEntrustPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

// Rendering antd tables in jsdom is slow on a busy machine; the limit only stops a hang.
describe('spot order centre', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['spot', 'markets']);
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

  it('lists every market and status first, then asks again for the chosen status', async () => {
    const api = fakeApi();
    renderPage(api);
    await waitFor(() => expect(document.querySelector('[data-order-id="101"]')).toBeTruthy());
    expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/order/list' }), {
      body: { status: 'all', page: 1, size: 20 },
    });
    fireEvent.click(screen.getByText('Open'));
    await waitFor(() =>
      expect(api.quiet).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/order/list' }), {
        body: { status: 'open', page: 1, size: 20 },
      }),
    );
  });

  it('exports the filtered orders as CSV', async () => {
    const api = fakeApi();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:orders';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(api);
    await waitFor(() => expect(document.querySelector('[data-order-id="101"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/order/list' }), {
      body: { status: 'all', page: 1, size: 100 },
    });
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Time,Pair,Type,Side,Price,Trigger price,Quantity,Filled,Average price,Order value,Filled value,Fee,Fee coin,Status',
    );
    expect(lines[1]).toBe(
      '101,03/05/2026 08:30:00,BTC/USDT,Limit,Buy,65000.5,,0.25,0.1,65000.5,16250.125,6500.05,0.0001,BTC,Partially filled',
    );
    // A field with the separator in it is quoted, never split.
    expect(lines[2]).toContain(',"2,000",');
    click.mockRestore();
  });

  it('tells a user without orders that there are none yet, and a filter that it leaves none', async () => {
    renderPage(fakeApi([]));
    await screen.findByText('No orders yet');
    expect(document.querySelector('[data-empty-kind="none"]')).toBeTruthy();
    expect(screen.queryByText('No orders match these filters')).toBeNull();
    fireEvent.click(screen.getByText('Open'));
    await screen.findByText('No orders match these filters');
    expect(document.querySelector('[data-empty-kind="filtered"]')).toBeTruthy();
  });
});
