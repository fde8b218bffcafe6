import type { PerpFill, PerpOrder } from '@meridian/contract/calls/perps';
import type { z } from 'zod';
import {
  contractFillList,
  contractFundingList,
  contractOrderList,
  type perpFundingPaymentSchema,
} from '@meridian/contract/calls/perps';
import type { ApiCall } from '../../../shared/api/client.ts';
import type { OrderStatusFilter } from './queries.ts';

export { toCsv, downloadCsv } from '../../../shared/csv.ts';

export type PerpFunding = z.infer<typeof perpFundingPaymentSchema>;

/** The largest page the server gives, and how many of them an export reads at most. */
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_MAX_PAGES = 50;

/**
 * Every page of a list, stopping at EXPORT_MAX_PAGES so an export never keeps a browser
 * busy for minutes; `truncated` says when more were left.
 */
async function allPages<T>(
  page: (current: number) => Promise<{ records: T[]; total: number }>,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  for (let current = 1; current <= EXPORT_MAX_PAGES; current++) {
    const answer = await page(current);
    rows.push(...answer.records);
    if (answer.records.length < EXPORT_PAGE_SIZE || rows.length >= answer.total)
      return { rows, truncated: false };
  }
  return { rows, truncated: true };
}

/** Which history: one market's, or every market of one contract type (U or B). */
export type ListScope = { symbol: string } | { contractType: 'U' | 'B' };

/** The scope in a query key or a file name: the symbol, or `U` / `B`. */
export const scopeName = (scope: ListScope) =>
  'symbol' in scope ? scope.symbol : scope.contractType;

export const fetchOrders = (api: ApiCall, scope: ListScope, status: OrderStatusFilter) =>
  allPages((current) =>
    api(contractOrderList, {
      query: { ...scope, status, current, size: EXPORT_PAGE_SIZE },
    }),
  );

export const fetchFills = (api: ApiCall, scope: ListScope) =>
  allPages((current) =>
    api(contractFillList, { query: { ...scope, current, size: EXPORT_PAGE_SIZE } }),
  );

export const fetchFunding = (api: ApiCall, scope: ListScope) =>
  allPages((current) =>
    api(contractFundingList, {
      query: { ...scope, current, size: EXPORT_PAGE_SIZE },
    }),
  );

export interface CsvLabels {
  time: (ms: number) => string;
  text: (key: string) => string;
  /** The coin a market's money is in (USDT, or an inverse market's coin). */
  coin: (symbol: string) => string;
}

/**
 * Rows of each export. Amounts stay the exact decimal strings the server sent, without
 * grouping, so a spreadsheet reads them as the numbers they are; the coin column says
 * what each row's money is in (USDT or a coin-margined market's coin).
 */
export function orderRows(orders: readonly PerpOrder[], l: CsvLabels): string[][] {
  return [
    [
      'lists.col.id',
      'lists.col.time',
      'lists.col.symbol',
      'lists.col.side',
      'lists.col.type',
      'lists.col.price',
      'lists.col.trigger',
      'lists.col.contracts',
      'lists.col.filled',
      'lists.col.average',
      'lists.col.fee',
      'lists.col.realised',
      'lists.col.coin',
      'lists.col.status',
    ].map(l.text),
    ...orders.map((o) => [
      o.id,
      l.time(o.createTime),
      o.symbol.toUpperCase(),
      l.text(`lists.side.${o.side}`),
      l.text(`form.types.${o.type}`),
      o.price ?? '',
      o.triggerPrice ?? '',
      String(o.contracts),
      String(o.filledContracts),
      o.averagePrice ?? '',
      o.fee,
      o.realisedPnl,
      l.coin(o.symbol),
      l.text(`lists.status.${o.status}`),
    ]),
  ];
}

export function fillRows(fills: readonly PerpFill[], l: CsvLabels): string[][] {
  return [
    [
      'lists.col.id',
      'lists.col.time',
      'lists.col.symbol',
      'lists.col.side',
      'lists.col.price',
      'lists.col.contracts',
      'lists.col.liquidity',
      'lists.col.fee',
      'lists.col.realised',
      'lists.col.coin',
    ].map(l.text),
    ...fills.map((f) => [
      f.id,
      l.time(f.time),
      f.symbol.toUpperCase(),
      l.text(`lists.side.${f.side}`),
      f.price,
      String(f.contracts),
      l.text(`lists.liquidity.${f.liquidity}`),
      f.fee,
      f.realisedPnl,
      l.coin(f.symbol),
    ]),
  ];
}

export function fundingRows(payments: readonly PerpFunding[], l: CsvLabels): string[][] {
  return [
    [
      'lists.col.time',
      'lists.col.symbol',
      'lists.col.positionSide',
      'lists.col.contracts',
      'lists.col.rate',
      'lists.col.markPrice',
      'lists.col.amount',
      'lists.col.coin',
    ].map(l.text),
    ...payments.map((p) => [
      l.time(p.time),
      p.symbol.toUpperCase(),
      l.text(`positions.${p.side}`),
      String(p.contracts),
      p.rate,
      p.markPrice,
      p.amount,
      l.coin(p.symbol),
    ]),
  ];
}
