import type { SpotOrder } from '@meridian/contract/calls/spot';

// The CSV writer every export shares (RFC 4180, CRLF, the UTF-8 byte order mark).
export { CSV_BOM, csvField, toCsv } from '../../../shared/csv.ts';

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
