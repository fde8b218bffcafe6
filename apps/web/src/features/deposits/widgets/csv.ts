import type { DepositRecord } from '@meridian/contract/calls/deposits';

export interface CsvLabels {
  time: string;
  order: string;
  coin: string;
  network: string;
  amount: string;
  confirmations: string;
  status: string;
  txid: string;
  address: string;
  statusText: (status: DepositRecord['status']) => string;
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The deposit records as CSV (amounts as the server's decimal strings, never re-formatted). */
export function depositsCsv(rows: readonly DepositRecord[], labels: CsvLabels): string {
  const header = [
    labels.time,
    labels.order,
    labels.coin,
    labels.network,
    labels.amount,
    labels.confirmations,
    labels.status,
    labels.txid,
    labels.address,
  ];
  const lines = rows.map((r) =>
    [
      r.createTime,
      r.id,
      r.coin,
      r.network,
      r.amount,
      `${r.confirmations}/${r.required}`,
      labels.statusText(r.status),
      r.txid,
      r.address,
    ].map(field),
  );
  return `\uFEFF${[header.map(field), ...lines].map((l) => l.join(',')).join('\r\n')}\r\n`;
}
