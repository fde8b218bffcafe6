import { orderList, type SpotOrder } from '@meridian/contract/calls/spot';
import type { ApiCall } from '../../../shared/api/client.ts';
import type { OrderStatusFilter } from './spot-queries.ts';

/** The largest page the server gives, and how many of them an export reads at most. */
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_MAX_PAGES = 50;

/**
 * Every order the filter matches, page after page, stopping at EXPORT_MAX_PAGES so an
 * export never keeps a browser busy for minutes; `truncated` says when more were left.
 */
export async function fetchOrdersForExport(
  api: ApiCall,
  filter: { symbol?: string; status: OrderStatusFilter },
): Promise<{ orders: SpotOrder[]; truncated: boolean }> {
  const orders: SpotOrder[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const answer = await api(orderList, {
      body: {
        ...(filter.symbol ? { symbol: filter.symbol } : {}),
        status: filter.status,
        page,
        size: EXPORT_PAGE_SIZE,
      },
    });
    orders.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || orders.length >= answer.total)
      return { orders, truncated: false };
  }
  return { orders, truncated: true };
}
