import { Alert, Button, Descriptions, Drawer, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { Review } from '@meridian/contract/calls/reviews';
import type { z } from 'zod';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useCan, useOpsSession } from '../session/session-store.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { claimStatus } from './claim.ts';
import { useNow } from '../ui/useNow.ts';
import { useDecision, useQueueDetail, type Decision } from './queries.ts';
import type { ReviewQueueSpec } from './registry.tsx';
import { ReviewStateTag } from './ReviewStateTag.tsx';
import styles from './reviews.module.css';
import ui from '../ui/ui.module.css';

/** The reviewer's actions for an item, by where its claim stands. */
function Actions<R extends z.ZodType, D extends z.ZodType>({
  spec,
  review,
}: {
  spec: ReviewQueueSpec<R, D>;
  review: Review;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const me = useOpsSession((s) => s.operator?.email ?? '');
  const now = useNow();
  const mayReview = useCan(spec.permissions.review);
  const decide = useDecision(spec.kind, spec.calls);
  const [modal, modalHolder] = Modal.useModal();
  const [rejecting, setRejecting] = useState(false);
  const status = claimStatus(review, me, now);
  const send = (decision: Decision, done: string) =>
    decide.mutateAsync({ id: review.id, decision }).then(() => notifier.notify('success', t(done)));

  if (status === 'decided') return null;
  if (!mayReview) return <Alert type="info" showIcon title={t('reviews.readOnly')} />;
  if (status === 'theirs') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('reviews.claimedByOther', {
          operator: review.claimedBy,
          time: review.claimExpiresAt ? formatTime(review.claimExpiresAt) : '--',
        })}
      />
    );
  }
  return (
    <div className={styles.actions}>
      {modalHolder}
      {status === 'free' ? (
        <Button
          type="primary"
          loading={decide.isPending}
          onClick={() => void send({ verb: 'claim' }, 'reviews.claimed').catch(() => undefined)}
        >
          {t('reviews.claim')}
        </Button>
      ) : (
        <>
          <Button
            type="primary"
            loading={decide.isPending}
            onClick={() =>
              void modal.confirm({
                title: t('reviews.approveTitle'),
                content: t(`reviews.approveConfirm.${spec.kind}`, { user: review.userId }),
                okText: t('reviews.approve'),
                cancelText: t('common.cancel'),
                onOk: () => send({ verb: 'approve' }, 'reviews.approved'),
              })
            }
          >
            {t('reviews.approve')}
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            {t('reviews.reject')}
          </Button>
          <Button
            onClick={() =>
              void send({ verb: 'release' }, 'reviews.released').catch(() => undefined)
            }
          >
            {t('reviews.release')}
          </Button>
          <span className={styles.claim}>
            {review.claimExpiresAt &&
              t('reviews.claimUntil', { time: formatTime(review.claimExpiresAt) })}
          </span>
        </>
      )}
      <ReasonDialog
        open={rejecting}
        title={t('reviews.rejectTitle')}
        okText={t('reviews.reject')}
        danger
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => send({ verb: 'reject', reason }, 'reviews.rejected')}
      >
        {t('reviews.rejectLead')}
      </ReasonDialog>
    </div>
  );
}

function History({ items }: { items: Review[] }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  if (items.length === 0) return <p className={ui.muted}>{t('reviews.noHistory')}</p>;
  return (
    <Table<Review>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={items}
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
          title: t('reviews.decidedBy'),
          dataIndex: 'decidedBy',
          render: (v: string | null) => v ?? '--',
        },
        {
          title: t('reviews.reason'),
          dataIndex: 'reason',
          render: (v: string | null) => v ?? '--',
        },
      ]}
    />
  );
}

/** One item: where it stands, what was submitted, the user's earlier items, the actions. */
export function ReviewDrawer<R extends z.ZodType, D extends z.ZodType>({
  spec,
  id,
  onClose,
}: {
  spec: ReviewQueueSpec<R, D>;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const phone = useIsPhone();
  const detail = useQueueDetail(spec.kind, spec.calls, id);
  const review = detail.data ? spec.reviewOf(detail.data) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={phone ? '100%' : 720}
      title={t(`reviews.itemTitle.${spec.kind}`)}
      extra={review && <ReviewStateTag state={review.state} />}
      footer={review && <Actions spec={spec} review={review} />}
      destroyOnHidden
    >
      <QueryState query={detail} failedTitle={t('reviews.failed')} rows={8}>
        {(data) => {
          const item = spec.reviewOf(data);
          return (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
                items={[
                  {
                    key: 'user',
                    label: t('reviews.user'),
                    children: <Link to={`/ops/users/${item.userId}`}>{item.userId}</Link>,
                  },
                  {
                    key: 'created',
                    label: t('reviews.createdAt'),
                    children: formatTime(item.createdAt),
                  },
                  ...(item.decidedBy
                    ? [
                        {
                          key: 'decidedBy',
                          label: t('reviews.decidedBy'),
                          children: item.decidedBy,
                        },
                        {
                          key: 'decidedAt',
                          label: t('reviews.decidedAt'),
                          children: item.decidedAt ? formatTime(item.decidedAt) : '--',
                        },
                      ]
                    : []),
                  ...(item.reason
                    ? [
                        {
                          key: 'reason',
                          label: t('reviews.reason'),
                          children: <span className={ui.reason}>{item.reason}</span>,
                        },
                      ]
                    : []),
                ]}
              />
              <spec.Submission detail={data} />
              <h3 className={ui.subTitle}>{t('reviews.history')}</h3>
              <History items={spec.historyOf(data)} />
            </>
          );
        }}
      </QueryState>
    </Drawer>
  );
}
