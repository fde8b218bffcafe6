import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import type { AuditRow } from './csv.ts';
import { AUDIT_PAGE_SIZE, useAudit, type AuditFilterKey } from './useAudit.ts';
import styles from './audit.module.css';
import ui from '../ui/ui.module.css';
import { PagedTable } from '../ui/PagedTable.tsx';

/** A before or after value: its JSON laid out for reading, or the text as it came. */
function Json({ value }: { value: string | null }) {
  if (value === null) return <span className={ui.muted}>--</span>;
  let text = value;
  try {
    text = JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    // Not JSON: shown as it is.
  }
  return <pre className={styles.json}>{text}</pre>;
}

/** /ops/audit: who did what to what, when and from where; filtered, paged, exported as CSV. */
export default function AuditPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const { values, page, setFilters, setPage, rows, exportCsv, progress, filter } = useAudit();
  const text = (key: AuditFilterKey, width: number) => (
    <Input.Search
      key={key}
      defaultValue={values[key]}
      placeholder={t(`audit.filter.${key}`)}
      aria-label={t(`audit.filter.${key}`)}
      allowClear
      style={{ width }}
      onSearch={(v) => setFilters({ [key]: v.trim() })}
    />
  );
  const columns: ColumnsType<AuditRow> = [
    {
      title: t('audit.column.at'),
      dataIndex: 'at',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('audit.column.operatorEmail'),
      dataIndex: 'operatorEmail',
      render: (v: string, row) => (
        <>
          {v} <Tag>{t(`role.${row.role}`, { defaultValue: row.role })}</Tag>
        </>
      ),
    },
    {
      title: t('audit.column.action'),
      dataIndex: 'action',
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
    {
      title: t('audit.column.target'),
      key: 'target',
      render: (_, row) =>
        row.targetType === 'user' ? (
          <Link to={`/ops/users/${row.targetId}`}>
            {row.targetType} {row.targetId}
          </Link>
        ) : (
          <span>
            {row.targetType} <span className={ui.mono}>{row.targetId}</span>
          </span>
        ),
    },
    {
      title: t('audit.column.reason'),
      dataIndex: 'reason',
      render: (v: string | null) =>
        v ? <span className={ui.reason}>{v}</span> : <span className={ui.muted}>--</span>,
    },
    {
      title: t('audit.column.ip'),
      dataIndex: 'ip',
      responsive: ['lg'],
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
  ];
  const filtered = Object.keys(filter).length > 0;
  return (
    <>
      <PageTitle
        title={t('audit.title')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={progress !== null}
            disabled={!rows.data || rows.data.total === 0}
            onClick={() => void exportCsv()}
          >
            {progress
              ? t('audit.exporting', { fetched: progress.fetched, total: progress.total })
              : t('audit.export', { count: rows.data?.total ?? 0 })}
          </Button>
        }
      />
      <div className={ui.filters}>
        {text('operator', 220)}
        {text('action', 180)}
        {text('targetType', 140)}
        {text('targetId', 160)}
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          aria-label={t('audit.filter.period')}
          placeholder={[t('audit.filter.from'), t('audit.filter.to')]}
          value={[values.from ? dayjs(values.from) : null, values.to ? dayjs(values.to) : null]}
          onChange={(range) =>
            setFilters({
              from: range?.[0]?.toISOString() ?? '',
              to: range?.[1]?.toISOString() ?? '',
            })
          }
        />
      </div>
      <PagedTable<AuditRow>
        query={rows}
        columns={columns}
        failedTitle={t('audit.failed')}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState kind={filtered ? 'filtered' : 'none'} />}
        expandable={{
          expandedRowRender: (row) => (
            <div className={styles.change}>
              <div>
                <div className={styles.changeLabel}>{t('audit.column.before')}</div>
                <Json value={row.before} />
              </div>
              <div>
                <div className={styles.changeLabel}>{t('audit.column.after')}</div>
                <Json value={row.after} />
              </div>
              <div className={styles.agent}>
                {t('audit.column.userAgent')}: {row.userAgent || '--'} · {t('audit.column.ip')}:{' '}
                {row.ip}
              </div>
            </div>
          ),
        }}
      />
    </>
  );
}
