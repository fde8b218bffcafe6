import type {
  Bill,
  BillPage,
  BillQuery,
  BillReason,
  WalletType,
} from '@meridian/contract/calls/wallet';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { toCsv } from '../../../shared/csv.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface BillFilters {
  coin?: string;
  reason?: BillReason;
  wallet?: WalletType;
  /** First and last day shown, `YYYY-MM-DD`, both included, in the user's timezone. */
  days?: [from: string, to: string];
}

/**
 * The bills call's filters for a page: days become the instants that bound them in the
 * user's timezone (the first day's midnight included, the midnight after the last day
 * excluded), so "today" means the user's today.
 */
export function billQuery(filters: BillFilters, tz: string, page: number, size: number) {
  const query: BillQuery = { page, size };
  if (filters.coin) query.coin = filters.coin;
  if (filters.reason) query.reason = filters.reason;
  if (filters.wallet) query.wallet = filters.wallet;
  if (filters.days) {
    query.start = dayjs.tz(filters.days[0], tz).valueOf();
    query.end = dayjs.tz(filters.days[1], tz).add(1, 'day').valueOf();
  }
  return query;
}

/** The largest page the bills call answers: an export reads this many at a time. */
export const EXPORT_PAGE = 500;

/**
 * Every bill the filters select, page after page (what an export writes: all of them,
 * not just the page on screen). Stops at the total the first page announced, so rows
 * that arrive meanwhile do not make it run on.
 */
export async function fetchAllBills(
  fetchPage: (page: number, size: number) => Promise<BillPage>,
): Promise<Bill[]> {
  const rows: Bill[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE);
    total = answer.total;
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE) break;
  }
  return rows;
}

export interface BillCsvLabels {
  header: readonly [
    time: string,
    coin: string,
    wallet: string,
    reason: string,
    amount: string,
    note: string,
    reference: string,
  ];
  time: (ms: number) => string;
  wallet: (code: string) => string;
  reason: (reason: BillReason) => string;
}

/**
 * Bills as CSV (RFC 4180: quoted where needed, CRLF). Amounts stay the server's exact
 * signed decimal strings, with no separators, so a spreadsheet reads them as numbers.
 */
export function billsCsv(bills: readonly Bill[], labels: BillCsvLabels): string {
  return toCsv([
    [...labels.header],
    ...bills.map((b) => [
      labels.time(b.time),
      b.coin,
      labels.wallet(b.wallet),
      labels.reason(b.reason),
      b.amount,
      b.note ?? '',
      b.reference,
    ]),
  ]);
}
