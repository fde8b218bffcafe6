import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Segmented, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import {
  adjustmentStateSchema,
  opsApproveAdjustment,
  opsProposeAdjustment,
  type AdjustmentView,
} from '@meridian/contract/calls/operators';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useCan, useOpsSession } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { SignedAmount } from '../ui/SignedAmount.tsx';
import { useUrlState } from '../ui/useUrlState.ts';
import { directionOf } from './draft.ts';
import { ProposeForm } from './ProposeForm.tsx';
import {
  ADJUSTMENTS_PAGE_SIZE,
  useAdjustmentActions,
  useAdjustments,
  type AdjustmentState,
} from './queries.ts';
import styles from './adjustments.module.css';
import ui from '../ui/ui.module.css';
import { PagedTable } from '../ui/PagedTable.tsx';

const STATE_COLOURS: Record<AdjustmentState, string> = {
  pending: 'processing',
  approving: 'warning',
  approved: 'success',
  rejected: 'error',
};

function Decide({ row }: { row: AdjustmentView }) {
  const { t } = useTranslation('ops');
  const me = useOpsSession((s) => s.operator?.id);
  const { approve, reject } = useAdjustmentActions();
  const [modal, modalHolder] = Modal.useModal();
  const [rejecting, setRejecting] = useState(false);
  // Dual control: the server refuses a proposer's own approval; the button says why first.
  const own = row.proposedBy === me;
  return (
    <span className={ui.nowrap}>
      {modalHolder}
      <Tooltip title={own ? t('adjustments.ownProposal') : undefined}>
        <Button
          size="small"
          type="primary"
          disabled={own}
          aria-describedby={own ? `own-${row.id}` : undefined}
          onClick={() =>
            void modal.confirm({
              title: t('adjustments.approveTitle'),
              content: t(`adjustments.confirm.${directionOf(row.amount)}`, {
                amount: row.amount.replace(/^-/, ''),
                asset: row.asset,
                user: row.userId,
              }),
              okText: t('adjustments.approve'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                await approve.mutateAsync(row.id);
                notifier.notify('success', t('adjustments.approved'));
              },
            })
          }
        >
          {t('adjustments.approve')}
        </Button>
      </Tooltip>{' '}
      <Button size="small" danger onClick={() => setRejecting(true)}>
        {t('adjustments.reject')}
      </Button>
      {own && (
        <span id={`own-${row.id}`} className={styles.note}>
          {' '}
          {t('adjustments.ownShort')}
        </span>
      )}
      <ReasonDialog
        open={rejecting}
        title={t('adjustments.rejectTitle')}
        okText={t('adjustments.reject')}
        danger
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          await reject.mutateAsync({ id: row.id, reason });
          notifier.notify('success', t('adjustments.rejected'));
        }}
      />
    </span>
  );
}

/** /ops/adjustments: balance corrections under dual control, by state, and a new proposal. */
export default function AdjustmentsPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const me = useOpsSession((s) => s.operator?.id);
  const canPropose = useCan(opsProposeAdjustment.permission);
  const canApprove = useCan(opsApproveAdjustment.permission);
  const [proposing, setProposing] = useState(false);
  const { values, page, setFilters, setPage } = useUrlState(['state', 'user'] as const);
  const parsedState = adjustmentStateSchema.safeParse(values.state);
  const state = parsedState.success ? parsedState.data : undefined;
  const list = useAdjustments({
    ...(state ? { state } : {}),
    ...(values.user ? { userId: values.user } : {}),
    page,
  });
  // Operators by id: the contract gives no email here, so the id's start, whole on hover.
  const who = (id: string | null, email: string | null) =>
    id === null ? (
      '--'
    ) : id === me ? (
      t('adjustments.you')
    ) : email ? (
      <span title={id}>{email}</span>
    ) : (
      <span title={id} className={ui.mono}>
        {id.slice(0, 8)}
      </span>
    );
  const columns: ColumnsType<AdjustmentView> = [
    {
      title: t('adjustments.proposedAt'),
      dataIndex: 'proposedAt',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('adjustments.userId'),
      dataIndex: 'userId',
      render: (v: string) => <Link to={`/ops/users/${v}`}>{v}</Link>,
    },
    { title: t('adjustments.asset'), dataIndex: 'asset' },
    {
      title: t('adjustments.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <SignedAmount value={v} exact />,
    },
    {
      title: t('adjustments.reason'),
      dataIndex: 'reason',
      render: (v: string) => <span className={ui.reason}>{v}</span>,
    },
    {
      title: t('adjustments.state'),
      dataIndex: 'state',
      render: (v: AdjustmentState) => (
        <Tag color={STATE_COLOURS[v]}>{t(`adjustments.states.${v}`)}</Tag>
      ),
    },
    {
      title: t('adjustments.proposedBy'),
      dataIndex: 'proposedBy',
      responsive: ['md'],
      render: (_, row) => who(row.proposedBy, row.proposedByEmail),
    },
    {
      title: t('adjustments.decision'),
      key: 'decision',
      responsive: ['lg'],
      render: (_, row) =>
        row.decidedBy ? (
          <>
            {who(row.decidedBy, row.decidedByEmail)}
            {row.decisionNote && <div className={ui.muted}>{row.decisionNote}</div>}
          </>
        ) : (
          '--'
        ),
    },
    ...(canApprove
      ? [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, row: AdjustmentView) =>
              row.state === 'pending' ? <Decide row={row} /> : null,
          },
        ]
      : []),
  ];
  const states = ['pending', 'approving', 'approved', 'rejected', 'all'] as const;
  return (
    <>
      <PageTitle
        title={t('adjustments.title')}
        extra={
          canPropose && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setProposing((v) => !v)}>
              {t('adjustments.new')}
            </Button>
          )
        }
      />
      {proposing && canPropose && (
        <div className={ui.section} style={{ marginBottom: 16 }}>
          <Panel title={t('adjustments.newTitle')}>
            <ProposeForm onDone={() => setProposing(false)} />
          </Panel>
        </div>
      )}
      <div className={ui.filters}>
        <Segmented
          value={state ?? 'all'}
          onChange={(v) => setFilters({ state: v === 'all' ? '' : String(v) })}
          options={states.map((s) => ({
            value: s,
            label: s === 'all' ? t('adjustments.states.all') : t(`adjustments.states.${s}`),
          }))}
        />
        <Input.Search
          defaultValue={values.user}
          placeholder={t('adjustments.filterUser')}
          aria-label={t('adjustments.filterUser')}
          allowClear
          style={{ maxWidth: 220 }}
          onSearch={(v) => setFilters({ user: v.trim() })}
        />
      </div>
      <PagedTable<AdjustmentView>
        query={list}
        columns={columns}
        failedTitle={t('adjustments.failed')}
        page={page}
        pageSize={ADJUSTMENTS_PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState kind={state || values.user ? 'filtered' : 'none'} />}
      />
    </>
  );
}
