import { opsAuditLog } from '@meridian/contract/calls/operators';
import type { CallInput } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import type { AuditRow } from './csv.ts';

export type AuditFilter = Omit<
  NonNullable<CallInput<typeof opsAuditLog>['query']>,
  'current' | 'size'
>;

/** The largest page the audit call gives. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row the filter matches, a thousand at a time. The log only grows at its newest
 * end, so without an end time the export fixes one as it starts: rows written meanwhile
 * would otherwise push older rows onto the next page and repeat them.
 */
export async function fetchAuditForExport(
  api: ApiCall,
  filter: AuditFilter,
  now: () => Date = () => new Date(),
  onProgress?: (fetched: number, total: number) => void,
): Promise<AuditRow[]> {
  const fixed = { ...filter, to: filter.to ?? now().toISOString() };
  const rows: AuditRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await api(opsAuditLog, {
      query: { ...fixed, current: page, size: EXPORT_PAGE_SIZE },
    });
    rows.push(...answer.records);
    onProgress?.(rows.length, answer.total);
    if (answer.records.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) return rows;
  }
}

/** Hands the text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download could find no file.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
