import { describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { EXPORT_MAX_PAGES, EXPORT_PAGE_SIZE, fetchOrdersForExport } from './export-orders.ts';
import { testOrder } from './test-orders.ts';

/** A server holding `total` orders, answering pages as the order list call does. */
function serverWith(total: number) {
  return vi.fn(async (_spec: unknown, input: { body: { page: number; size: number } }) => {
    const { page, size } = input.body;
    const from = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - from));
    const list = Array.from({ length: count }, (_, i) => testOrder({ id: String(from + i + 1) }));
    return { list, total, page, size };
  });
}

describe('orders for export', () => {
  it('reads page after page until every matching order is in', async () => {
    const api = serverWith(250);
    const { orders, truncated } = await fetchOrdersForExport(api as unknown as ApiCall, {
      symbol: 'btcusdt',
      status: 'history',
    });
    expect(orders.map((o) => o.id)).toEqual(Array.from({ length: 250 }, (_, i) => String(i + 1)));
    expect(truncated).toBe(false);
    expect(api).toHaveBeenCalledTimes(3);
    expect(api.mock.calls[2]![1]).toEqual({
      body: { symbol: 'btcusdt', status: 'history', page: 3, size: EXPORT_PAGE_SIZE },
    });
  });

  it('stops at the page cap and says the export is incomplete', async () => {
    const api = serverWith(EXPORT_PAGE_SIZE * EXPORT_MAX_PAGES + 1);
    const { orders, truncated } = await fetchOrdersForExport(api as unknown as ApiCall, {
      status: 'all',
    });
    expect(orders).toHaveLength(EXPORT_PAGE_SIZE * EXPORT_MAX_PAGES);
    expect(truncated).toBe(true);
    expect(api.mock.calls[0]![1]).toEqual({
      body: { status: 'all', page: 1, size: EXPORT_PAGE_SIZE },
    });
  });

  it('asks once when nothing matches', async () => {
    const api = serverWith(0);
    expect(await fetchOrdersForExport(api as unknown as ApiCall, { status: 'open' })).toEqual({
      orders: [],
      truncated: false,
    });
    expect(api).toHaveBeenCalledTimes(1);
  });
});
