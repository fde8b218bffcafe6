import { Button, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { reviewStateSchema, type Review, type ReviewState } from '@meridian/contract/calls/reviews';
import type { z } from 'zod';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { useUrlState } from '../ui/useUrlState.ts';
import { claimStatus } from './claim.ts';
import { useNow } from '../ui/useNow.ts';
import { QUEUE_PAGE_SIZE, useQueueList } from './queries.ts';
import type { ReviewQueueSpec } from './registry.tsx';
import { ReviewDrawer } from './ReviewDrawer.tsx';
import { ReviewStateTag } from './ReviewStateTag.tsx';
import ui from '../ui/ui.module.css';
import { PagedTable, type PageQuery } from '../ui/PagedTable.tsx';

/** The state filter: pending by default (the work), or decided ones, or everything. */
function stateFilter(value: string): ReviewState | undefined | 'all' {
  if (value === 'all') return 'all';
  const parsed = reviewStateSchema.safeParse(value);
  return parsed.success ? parsed.data : 'pending';
}

/**
 * The one review queue: any kind's items by state, oldest pending first, each opening in a
 * drawer with its submission and the claim, approve and reject actions. A kind brings its
 * calls, columns and submission view through its ReviewQueueSpec.
 */
export function ReviewQueue<R extends z.ZodType, D extends z.ZodType>({
  spec,
}: {
  spec: ReviewQueueSpec<R, D>;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const me = useOpsSession((s) => s.operator?.email ?? '');
  const now = useNow();
  const { values, page, setFilters, setPage } = useUrlState(['state', 'item'] as const);
  const state = stateFilter(values.state);
  const list = useQueueList(spec.kind, spec.calls, {
    ...(state !== 'all' && state ? { state } : {}),
    page,
  });
  type Row = z.output<R> & Review;
  const columns: ColumnsType<Row> = [
    {
      title: t('reviews.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('reviews.user'),
      dataIndex: 'userId',
      render: (v: string) => <Link to={`/ops/users/${v}`}>{v}</Link>,
    },
    ...(spec.columns(t) as ColumnsType<Row>),
    {
      title: t('reviews.stateLabel'),
      dataIndex: 'state',
      render: (v: ReviewState) => <ReviewStateTag state={v} />,
    },
    {
      title: t('reviews.handler'),
      key: 'handler',
      responsive: ['md'],
      render: (_, row) => {
        const status = claimStatus(row, me, now);
        if (status === 'decided') return row.decidedBy ?? '--';
        if (status === 'mine') return t('reviews.claimedByMe');
        if (status === 'theirs') return row.claimedBy;
        return <span className={ui.muted}>{t('reviews.unclaimed')}</span>;
      },
    },
    {
      key: 'open',
      align: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => setFilters({ item: row.id, state: values.state })}>
          {t('reviews.open')}
        </Button>
      ),
    },
  ];
  const states = ['pending', 'approved', 'rejected', 'all'] as const;
  return (
    <>
      <PageTitle
        title={t(`nav.queue.${spec.kind}`)}
        extra={
          <Segmented
            value={state ?? 'pending'}
            onChange={(v) => setFilters({ state: v === 'pending' ? '' : String(v), item: '' })}
            options={states.map((s) => ({ value: s, label: t(`reviews.filter.${s}`) }))}
          />
        }
      />
      <PagedTable<Row>
        query={list as PageQuery<Row>}
        columns={columns}
        failedTitle={t('reviews.failed')}
        page={page}
        pageSize={QUEUE_PAGE_SIZE}
        onPage={setPage}
        empty={
          <EmptyState
            description={state === 'pending' ? t('reviews.emptyPending') : undefined}
            kind={state === 'pending' ? 'none' : 'filtered'}
          />
        }
      />
      <ReviewDrawer
        spec={spec}
        id={values.item || null}
        onClose={() => setFilters({ item: '', state: values.state })}
      />
    </>
  );
}
