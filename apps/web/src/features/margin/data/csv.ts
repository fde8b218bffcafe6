import { marginBorrowOrders } from '@meridian/contract/calls/margin';
import type { ApiCall } from '../../../shared/api/client.ts';
import type { HistoryKind } from './queries.ts';

/** The most pages an export reads (20 rows each); beyond it the file says it is cut. */
export const EXPORT_PAGE_LIMIT = 50;

export interface HistoryRow {
  id: string;
  account: string;
  kind: 'borrow' | 'repay' | 'interest' | 'liquidation';
  coin: string;
  amount: string;
  insurance: string | null;
  left: string | null;
  time: number;
}

export interface HistoryLabels {
  time: (ms: number) => string;
  text: (key: string) => string;
}

/** The history as CSV rows (header first); amounts as the server wrote them, every digit. */
export function historyRows(rows: readonly HistoryRow[], labels: HistoryLabels): string[][] {
  const head = ['time', 'account', 'kind', 'coin', 'amount', 'insurance', 'left'].map((k) =>
    labels.text(`centre.column.${k}`),
  );
  return [
    head,
    ...rows.map((row) => [
      labels.time(row.time),
      row.account === 'all' ? labels.text('centre.cross') : row.account.toUpperCase(),
      labels.text(`centre.kind.${row.kind}`),
      row.coin.toUpperCase(),
      row.amount,
      row.insurance ?? '',
      row.left ?? '',
    ]),
  ];
}

/** Every row of a history filter, page by page, up to the export limit. */
export async function fetchHistory(
  api: ApiCall,
  a: string,
  kind: HistoryKind,
): Promise<{ rows: HistoryRow[]; truncated: boolean }> {
  const rows: HistoryRow[] = [];
  for (let page = 1; page <= EXPORT_PAGE_LIMIT; page += 1) {
    const answer = await api(marginBorrowOrders, { params: { a, b: kind, c: page } });
    rows.push(...answer.records);
    if (rows.length >= answer.total || answer.records.length === 0) {
      return { rows, truncated: false };
    }
  }
  return { rows, truncated: true };
}
