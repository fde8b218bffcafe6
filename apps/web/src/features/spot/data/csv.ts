import type { SpotOrder } from '@meridian/contract/calls/spot';

/** A field needs quotes when it holds the separator, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows of text as CSV with CRLF line ends, as spreadsheets expect. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export interface OrderCsvLabels {
  header: readonly string[];
  time: (ms: number) => string;
  pair: (symbol: string) => string;
  type: (order: SpotOrder) => string;
  side: (order: SpotOrder) => string;
  status: (order: SpotOrder) => string;
}

/**
 * Orders as exported rows. Amounts stay the exact decimal strings the server sent, with
 * no thousands separators, so a spreadsheet reads them as the numbers they are.
 */
export function orderCsvRows(orders: readonly SpotOrder[], labels: OrderCsvLabels): string[][] {
  return [
    [...labels.header],
    ...orders.map((o) => [
      o.id,
      labels.time(o.time),
      labels.pair(o.symbol),
      labels.type(o),
      labels.side(o),
      o.price ?? '',
      o.triggerPrice ?? '',
      o.quantity ?? '',
      o.filledQuantity,
      o.averagePrice ?? '',
      o.entrustedValue ?? '',
      o.filledValue,
      o.fee,
      o.feeCoin,
      labels.status(o),
    ]),
  ];
}

/** Byte order mark: tells spreadsheet programs the file is UTF-8 (CJK labels). */
export const CSV_BOM = '\uFEFF';
