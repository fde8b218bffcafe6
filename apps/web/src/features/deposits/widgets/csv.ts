import type { DepositRecord } from '@meridian/contract/calls/deposits';

export interface CsvLabels {
  time: string;
  way: string;
  order: string;
  coin: string;
  network: string;
  amount: string;
  confirmations: string;
  status: string;
  reason: string;
  txid: string;
  address: string;
  wayText: (way: DepositRecord['way']) => string;
  statusText: (record: DepositRecord) => string;
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The deposit records as CSV, both ways in one table (amounts as the server's decimal
 * strings, never re-formatted): on-chain rows fill the chain columns, bank transfers their
 * order number and, when rejected, the reason.
 */
export function depositsCsv(rows: readonly DepositRecord[], labels: CsvLabels): string {
  const header = [
    labels.time,
    labels.way,
    labels.order,
    labels.coin,
    labels.network,
    labels.amount,
    labels.confirmations,
    labels.status,
    labels.reason,
    labels.txid,
    labels.address,
  ];
  const lines = rows.map((r) => {
    const chain =
      r.way === 'chain'
        ? { order: r.id, network: r.network, confirmations: `${r.confirmations}/${r.required}` }
        : { order: r.orderNo, network: '', confirmations: '' };
    return [
      r.createTime,
      labels.wayText(r.way),
      chain.order,
      r.coin,
      chain.network,
      r.amount,
      chain.confirmations,
      labels.statusText(r),
      r.way === 'bank' ? (r.reason ?? '') : '',
      r.way === 'chain' ? r.txid : '',
      r.way === 'chain' ? r.address : '',
    ].map(field);
  });
  return `\uFEFF${[header.map(field), ...lines].map((l) => l.join(',')).join('\r\n')}\r\n`;
}
