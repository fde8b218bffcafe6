import type { CallData } from '@meridian/contract/define';
import type { opsAuditLog } from '@meridian/contract/calls/operators';

export type AuditRow = CallData<typeof opsAuditLog>['records'][number];

/** A field needs quotes when it holds the separator, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field. Quotes are doubled inside quoted fields. A field that a spreadsheet would
 * run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe: audit rows
 * carry text users and operators typed (reasons, user agents), and opening the export
 * must never run it (OWASP "CSV injection"). Signed amounts inside JSON never start a
 * field, so numbers are untouched where they matter.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of text as CSV with CRLF line ends, as spreadsheets expect. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Byte order mark: tells spreadsheet programs the file is UTF-8 (CJK reasons, names). */
export const CSV_BOM = '\uFEFF';

/** The columns in file order; the header row is their translated names. */
export const AUDIT_COLUMNS = [
  'at',
  'operatorEmail',
  'role',
  'action',
  'targetType',
  'targetId',
  'reason',
  'before',
  'after',
  'ip',
  'userAgent',
  'id',
] as const satisfies readonly (keyof AuditRow)[];

/**
 * The audit rows as CSV: times stay the server's ISO 8601 UTC text (exact and sortable in
 * any spreadsheet), before and after values their JSON text, absent values empty.
 */
export function auditCsv(rows: readonly AuditRow[], header: (column: string) => string): string {
  return (
    CSV_BOM +
    toCsv([
      AUDIT_COLUMNS.map(header),
      ...rows.map((row) => AUDIT_COLUMNS.map((column) => row[column] ?? '')),
    ])
  );
}
