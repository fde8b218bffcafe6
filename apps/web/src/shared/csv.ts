/** A field needs quotes when it holds the separator, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;
/** Text a spreadsheet would run as a formula; a plain number (`-12.5`) is not one. */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted (inner quotes doubled) when it holds a comma, a quote or a line
 * break, per RFC 4180; free text that starts like a formula gets a leading apostrophe so
 * a spreadsheet shows it rather than runs it.
 */
export function csvField(value: string): string {
  const safe = FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of text as CSV with CRLF line ends, as spreadsheets expect. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Byte order mark: tells spreadsheet programs the file is UTF-8 (CJK labels). */
export const CSV_BOM = '\uFEFF';

/** Offers CSV text as a file download. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([CSV_BOM + text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
