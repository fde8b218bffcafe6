import { Button, Form, Input, InputNumber, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsFundSwapPool, SWAP_MAX_BPS, type OpsSwap } from '@meridian/contract/calls/swap';
import { Decimal, sanitizeNumberInput } from '@meridian/core';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useCan } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { REASON_MAX, REASON_MIN } from '../ui/ReasonDialog.tsx';
import { useOpsSwap, useSwapChanges, type PoolMove } from './queries.ts';

type Pool = OpsSwap['pools'][number];

/** Publishes a new spread and fee; quotes from then on use them. */
function TermsForm({ terms }: { terms: OpsSwap['terms'] }) {
  const { t } = useTranslation('swap');
  const { terms: save } = useSwapChanges();
  const [form] = Form.useForm<{ spreadBps: number; feeBps: number }>();
  const bps = { min: 0, max: SWAP_MAX_BPS, precision: 0, style: { width: 160 } };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ spreadBps: terms.spreadBps, feeBps: terms.feeBps }}
      onFinish={async (values) => {
        try {
          await save.mutateAsync(values);
          notifier.notify('success', t('ops.termsSaved'));
        } catch {
          // Shown by the client in the server's words.
        }
      }}
    >
      <Form.Item name="spreadBps" label={t('ops.spreadBps')} rules={[{ required: true }]}>
        <InputNumber {...bps} />
      </Form.Item>
      <Form.Item name="feeBps" label={t('ops.feeBps')} rules={[{ required: true }]}>
        <InputNumber {...bps} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('ops.publish')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Moves operator capital into a pool or back out of it, with the reason the audit keeps. */
function MoveDialog({
  pool,
  direction,
  onClose,
}: {
  pool: Pool;
  direction: PoolMove['direction'];
  onClose: () => void;
}) {
  const { t } = useTranslation('swap');
  const { move } = useSwapChanges();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  async function submit() {
    const { amount, reason } = await form.validateFields();
    try {
      await move.mutateAsync({ coin: pool.coin, direction, amount, reason: reason.trim() });
      notifier.notify('success', t('ops.moved'));
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }
  return (
    <Modal
      open
      title={t(direction === 'in' ? 'ops.fundTitle' : 'ops.withdrawTitle', { coin: pool.coin })}
      okText={t(direction === 'in' ? 'ops.fund' : 'ops.withdraw')}
      cancelText={t('cancel')}
      confirmLoading={move.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t(direction === 'in' ? 'ops.fundText' : 'ops.withdrawText', { coin: pool.coin })}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label={t('ops.amount')}
          normalize={(v: string) => sanitizeNumberInput(v, 18)}
          rules={[
            {
              required: true,
              validator: (_, v: string | undefined) =>
                opsFundSwapPool.body.shape.amount.safeParse(v ?? '').success &&
                Decimal.parse(v!)?.sign() === 1
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ops.amountRule'))),
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" suffix={pool.coin} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('ops.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: REASON_MIN,
              max: REASON_MAX,
              message: t('ops.reasonRule'),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={REASON_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /ops/swap: the published swap terms and the pools that pay swaps, with the audited
 * edit of the terms and moves of the operator's capital into and out of a pool.
 */
export default function SwapPage() {
  const { t } = useTranslation('swap');
  const swap = useOpsSwap();
  const canManage = useCan(opsFundSwapPool.permission);
  const [moving, setMoving] = useState<{ pool: Pool; direction: PoolMove['direction'] } | null>(
    null,
  );
  const columns: ColumnsType<Pool> = [
    { title: t('ops.coin'), dataIndex: 'coin', key: 'coin' },
    {
      title: t('ops.balance'),
      dataIndex: 'balance',
      key: 'balance',
      align: 'right',
      render: (v: string, row) => <Amount value={v} unit={row.coin} />,
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, row: Pool) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setMoving({ pool: row, direction: 'in' })}>
                  {t('ops.fund')}
                </Button>{' '}
                <Button size="small" onClick={() => setMoving({ pool: row, direction: 'out' })}>
                  {t('ops.withdraw')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageTitle title={t('ops.title')} />
      <QueryState query={swap} failedTitle={t('loadFailed')}>
        {(data) => (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <Panel title={t('termsTitle')}>
              <TermsForm key={`${data.terms.spreadBps}:${data.terms.feeBps}`} terms={data.terms} />
              <p style={{ marginTop: 12, marginBottom: 0 }}>{t('ops.termsNote')}</p>
            </Panel>
            <Panel title={t('ops.pools')}>
              <div style={{ overflowX: 'auto' }}>
                <Table
                  rowKey="coin"
                  size="small"
                  columns={columns}
                  dataSource={data.pools}
                  pagination={false}
                />
              </div>
            </Panel>
          </div>
        )}
      </QueryState>
      {moving ? (
        <MoveDialog
          pool={moving.pool}
          direction={moving.direction}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}
