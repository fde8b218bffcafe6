import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsAuditLog } from '@meridian/contract/calls/operators';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';
import { useUrlState } from '../ui/useUrlState.ts';
import { auditCsv } from './csv.ts';
import { downloadText, fetchAuditForExport, type AuditFilter } from './export.ts';

export const AUDIT_PAGE_SIZE = 50;
const FILTER_KEYS = ['operator', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type AuditFilterKey = (typeof FILTER_KEYS)[number];

/** The filters as the call takes them: empty ones left out. */
export function auditFilter(values: Record<AuditFilterKey, string>): AuditFilter {
  return Object.fromEntries(FILTER_KEYS.filter((k) => values[k]).map((k) => [k, values[k]]));
}

/**
 * The audit page's state: filters in the address, the page of rows, and the export of
 * every row the filters match as CSV built in the browser.
 */
export function useAudit() {
  const { t } = useTranslation('ops');
  const api = useOpsApi();
  const url = useUrlState(FILTER_KEYS);
  const filter = auditFilter(url.values);
  const rows = useQuery({
    queryKey: [...opsKeys.audit, filter, url.page],
    queryFn: () =>
      api.quiet(opsAuditLog, { query: { ...filter, current: url.page, size: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const [progress, setProgress] = useState<{ fetched: number; total: number } | null>(null);

  async function exportCsv() {
    setProgress({ fetched: 0, total: rows.data?.total ?? 0 });
    try {
      const all = await fetchAuditForExport(api, filter, undefined, (fetched, total) =>
        setProgress({ fetched, total }),
      );
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      downloadText(
        auditCsv(all, (column) => t(`audit.column.${column}`)),
        `audit-${stamp}.csv`,
      );
      notifier.notify('success', t('audit.exported', { count: all.length }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setProgress(null);
    }
  }

  return { ...url, filter, rows, exportCsv, progress };
}
