import { Button, Descriptions, Form, Input, Modal, Segmented, Select, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import {
  bankReferenceSchema,
  chainTxidSchema,
  opsSendWithdrawal,
  withdrawalStateSchema,
  type OpsWithdrawal,
  type WithdrawalState,
} from '@meridian/contract/calls/withdrawals';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useCan } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { useUrlState } from '../ui/useUrlState.ts';
import {
  useOpsWithdrawals,
  usePayee,
  useWithdrawalDecisions,
  WITHDRAWALS_PAGE_SIZE,
} from './queries.ts';
import ui from '../ui/ui.module.css';
import { PagedTable } from '../ui/PagedTable.tsx';

const STATE_COLOURS: Record<WithdrawalState, string> = {
  review: 'processing',
  approved: 'warning',
  completed: 'success',
  cancelled: 'default',
  rejected: 'error',
};

/** The card a bank withdrawal pays, whole, shown on the operator's request. */
function Payee({ id }: { id: string }) {
  const { t } = useTranslation('ops');
  const [asked, setAsked] = useState(false);
  const payee = usePayee(id, asked);
  if (!asked) {
    return (
      <p>
        <Button onClick={() => setAsked(true)}>{t('withdrawals.showPayee')}</Button>{' '}
        <span className={ui.muted}>{t('withdrawals.payeeAudited')}</span>
      </p>
    );
  }
  if (payee.isPending) return <Spin />;
  if (!payee.data) return <p role="alert">{t('withdrawals.payeeFailed')}</p>;
  const card = payee.data;
  const optional: Array<[string, string | null]> = [
    [t('withdrawals.payeeSwift'), card.bankCode],
    [t('withdrawals.payeeBranch'), card.branch],
    [t('withdrawals.payeeBankAddress'), card.bankAddress],
  ];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        {
          key: 'card',
          label: t('withdrawals.payeeCard'),
          children: (
            <span className={ui.nowrap}>
              <span className={ui.mono}>{card.cardNumber}</span>{' '}
              <CopyButton value={card.cardNumber} />
            </span>
          ),
        },
        { key: 'bank', label: t('withdrawals.payeeBank'), children: card.bankName },
        ...optional
          .filter(([, value]) => value)
          .map(([label, value]) => ({ key: label, label, children: value })),
      ]}
    />
  );
}

/**
 * Records a withdrawal paid outside the server: a chain one by its transaction id, a bank
 * one by the bank payment's reference.
 */
function SentDialog({ row, onClose }: { row: OpsWithdrawal; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const { sent } = useWithdrawalDecisions();
  const [form] = Form.useForm<{ proof: string }>();
  const bank = row.way === 'bank';
  const schema = bank ? bankReferenceSchema : chainTxidSchema;
  async function submit() {
    const fields = await form.validateFields().catch(() => null);
    // Invalid: the form says what is wrong under the field.
    if (!fields) return;
    const value = fields.proof.trim();
    try {
      await sent.mutateAsync({
        id: row.id,
        proof: bank ? { reference: value } : { txid: value },
      });
      notifier.notify('success', t('withdrawals.sentDone'));
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }
  return (
    <Modal
      open
      title={t('withdrawals.sentTitle')}
      okText={t('withdrawals.markSent')}
      cancelText={t('common.cancel')}
      confirmLoading={sent.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>
        {bank
          ? t('withdrawals.sentBankText', { amount: row.amount, coin: row.coin })
          : t('withdrawals.sentText', {
              amount: row.amount,
              coin: row.coin,
              network: row.network,
            })}
      </p>
      {bank ? <Payee id={row.id} /> : <p className={ui.mono}>{row.address}</p>}
      <Form form={form} layout="vertical">
        <Form.Item
          name="proof"
          label={bank ? t('withdrawals.reference') : t('withdrawals.txid')}
          rules={[
            {
              required: true,
              validator: (_, v: string | undefined) =>
                schema.safeParse(v ?? '').success ? Promise.resolve() : Promise.reject(),
              message: bank ? t('withdrawals.referenceRule') : t('withdrawals.txidRule'),
            },
          ]}
        >
          <Input spellCheck={false} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * What an operator does with a row: one under review opens its queue item (decided there,
 * claimed by one operator); an approved one is marked sent or rejected here.
 */
function Actions({ row }: { row: OpsWithdrawal }) {
  const { t } = useTranslation('ops');
  const { reject } = useWithdrawalDecisions();
  const [rejecting, setRejecting] = useState(false);
  const [sending, setSending] = useState(false);
  if (row.state === 'review') {
    return row.reviewId ? (
      <Link to={`/ops/reviews/withdrawal?item=${row.reviewId}`} className={ui.nowrap}>
        {t('withdrawals.openReview')}
      </Link>
    ) : null;
  }
  return (
    <span className={ui.nowrap}>
      <Button size="small" type="primary" onClick={() => setSending(true)}>
        {t('withdrawals.markSent')}
      </Button>{' '}
      <Button size="small" danger onClick={() => setRejecting(true)}>
        {t('withdrawals.reject')}
      </Button>
      {sending && <SentDialog row={row} onClose={() => setSending(false)} />}
      <ReasonDialog
        open={rejecting}
        title={t('withdrawals.rejectTitle')}
        okText={t('withdrawals.reject')}
        danger
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          await reject.mutateAsync({ id: row.id, reason });
          notifier.notify('success', t('withdrawals.rejected'));
        }}
      >
        {t('withdrawals.rejectText')}
      </ReasonDialog>
    </span>
  );
}

/** /ops/withdrawals: what waits for review or sending, and every decided withdrawal. */
export default function WithdrawalsPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const canDecide = useCan(opsSendWithdrawal.permission);
  const phone = useIsPhone();
  const { values, page, setFilters, setPage } = useUrlState(['state', 'user'] as const);
  const parsedState = withdrawalStateSchema.safeParse(values.state);
  const state = parsedState.success ? parsedState.data : undefined;
  const list = useOpsWithdrawals({
    ...(state ? { state } : {}),
    ...(values.user ? { userId: values.user } : {}),
    page,
  });
  const columns: ColumnsType<OpsWithdrawal> = [
    {
      title: t('withdrawals.time'),
      dataIndex: 'createTime',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('withdrawals.userId'),
      dataIndex: 'userId',
      render: (v: string) => <Link to={`/ops/users/${v}`}>{v}</Link>,
    },
    {
      title: t('withdrawals.amount'),
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <span className={ui.mono}>
          {r.amount} {r.coin}
        </span>
      ),
    },
    { title: t('withdrawals.fee'), dataIndex: 'fee', align: 'right', responsive: ['md'] },
    {
      title: t('withdrawals.network'),
      dataIndex: 'network',
      responsive: ['md'],
      render: (v: string, r) => (r.way === 'bank' ? t('withdrawals.bankWay') : v),
    },
    {
      title: t('withdrawals.address'),
      dataIndex: 'address',
      responsive: ['lg'],
      render: (v: string, r) =>
        r.way === 'bank' ? (
          <span className={ui.mono}>{v}</span>
        ) : (
          <span className={ui.mono}>
            {`${v.slice(0, 10)}…${v.slice(-6)}`}
            <CopyButton value={v} />
          </span>
        ),
    },
    {
      title: t('withdrawals.state'),
      key: 'state',
      render: (_, r) => (
        <>
          <Tag color={STATE_COLOURS[r.state]}>{t(`withdrawals.states.${r.state}`)}</Tag>
          {r.reason && <div className={ui.muted}>{r.reason}</div>}
          {r.txid && (
            <div className={ui.mono}>{r.way === 'bank' ? r.txid : `${r.txid.slice(0, 10)}…`}</div>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      align: 'right' as const,
      render: (_: unknown, row: OpsWithdrawal) =>
        row.state === 'review' || (row.state === 'approved' && canDecide) ? (
          <Actions row={row} />
        ) : null,
    },
  ];
  const stateOptions = (
    ['review', 'approved', 'completed', 'rejected', 'cancelled', 'all'] as const
  ).map((s) => ({ value: s, label: t(`withdrawals.states.${s}`) }));
  return (
    <>
      <PageTitle title={t('withdrawals.title')} />
      <div className={ui.filters}>
        {phone ? (
          // Six states do not fit a phone's width side by side.
          <Select
            value={state ?? 'all'}
            aria-label={t('withdrawals.state')}
            onChange={(v: string) => setFilters({ state: v === 'all' ? '' : v })}
            options={stateOptions}
          />
        ) : (
          <Segmented
            value={state ?? 'all'}
            onChange={(v) => setFilters({ state: v === 'all' ? '' : String(v) })}
            options={stateOptions}
          />
        )}
        <Input.Search
          defaultValue={values.user}
          placeholder={t('withdrawals.filterUser')}
          aria-label={t('withdrawals.filterUser')}
          allowClear
          style={{ maxWidth: 220 }}
          onSearch={(v) => setFilters({ user: v.trim() })}
        />
      </div>
      <PagedTable<OpsWithdrawal>
        query={list}
        columns={columns}
        failedTitle={t('withdrawals.failed')}
        page={page}
        pageSize={WITHDRAWALS_PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState kind={state || values.user ? 'filtered' : 'none'} />}
      />
    </>
  );
}
