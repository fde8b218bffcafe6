import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { REVIEW_KINDS, type Review } from '@meridian/contract/calls/reviews';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { useQueueList } from './queries.ts';
import { queueSpec } from './registry.tsx';
import { ReviewStateTag } from './ReviewStateTag.tsx';

/** A user's items in one queue (their verification, on the user's page). */
function UserQueue({ kind, userId }: { kind: (typeof REVIEW_KINDS)[number]; userId: string }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const spec = queueSpec(kind);
  const list = useQueueList(kind, spec.calls, { userId, page: 1 });
  return (
    <Panel title={t(`reviews.userPanel.${kind}`)}>
      <QueryState query={list} failedTitle={t('reviews.failed')} rows={2}>
        {(data) => (
          <Table<Review>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.records}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('reviews.createdAt'),
                dataIndex: 'createdAt',
                render: (v: string) => formatTime(v),
              },
              {
                title: t('reviews.stateLabel'),
                dataIndex: 'state',
                render: (v: Review['state']) => <ReviewStateTag state={v} />,
              },
              {
                title: t('reviews.reason'),
                dataIndex: 'reason',
                render: (v: string | null) => v ?? '--',
              },
              {
                key: 'open',
                align: 'right',
                render: (_, row) => (
                  <Link to={`/ops/reviews/${kind}?state=all&item=${row.id}`}>
                    {t('reviews.open')}
                  </Link>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}

/** The user's reviews of every kind the operator may read. */
export function UserReviews({ userId }: { userId: string }) {
  const permissions = useOpsSession((s) => s.permissions);
  const kinds = REVIEW_KINDS.filter((kind) =>
    permissions.includes(queueSpec(kind).permissions.read),
  );
  return (
    <>
      {kinds.map((kind) => (
        <UserQueue key={kind} kind={kind} userId={userId} />
      ))}
    </>
  );
}
