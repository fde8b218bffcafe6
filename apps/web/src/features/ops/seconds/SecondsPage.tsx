import { Button, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rateString, type Period } from '@meridian/contract/calls/seconds';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Amount } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useOpsSeconds, useSecondsChanges, type PeriodInput } from './queries.ts';

const WHOLE = /^\d{1,15}$/;

/** Creates a market's period or changes one; open contracts keep the terms they opened on. */
function PeriodDialog({ period, onClose }: { period: Period | null; onClose: () => void }) {
  const { t } = useTranslation('seconds');
  const { save } = useSecondsChanges();
  const [form] = Form.useForm<PeriodInput>();
  const rate = {
    validator: (_: unknown, v: string | undefined) =>
      rateString.safeParse(v ?? '').success
        ? Promise.resolve()
        : Promise.reject(new Error(t('ops.rateRule'))),
  };
  const whole = {
    validator: (_: unknown, v: string | undefined) =>
      WHOLE.test(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('ops.wholeRule'))),
  };
  async function submit() {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(values);
      notifier.notify('success', t('ops.saved'));
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }
  return (
    <Modal
      open
      title={period ? t('ops.editTitle', { id: period.id }) : t('ops.addTitle')}
      okText={t('ops.save')}
      cancelText={t('confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t('ops.editText')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={
          period ?? {
            symbol: 'btcusdt',
            seconds: 30,
            profitRate: '0.2',
            lossRate: '0.2',
            minStake: '10',
            maxStake: '10000',
            chargeRate: '0.002',
            enabled: true,
          }
        }
      >
        <Form.Item name="symbol" label={t('ops.symbol')} rules={[{ required: true }]}>
          <Input disabled={period !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item name="seconds" label={t('ops.seconds')} rules={[{ required: true }]}>
          <InputNumber min={5} max={86_400} precision={0} disabled={period !== null} />
        </Form.Item>
        <Form.Item name="profitRate" label={t('ops.profitRate')} rules={[rate]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="lossRate" label={t('ops.lossRate')} rules={[rate]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="chargeRate" label={t('ops.chargeRate')} rules={[rate]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="minStake" label={t('ops.minStake')} rules={[whole]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="maxStake" label={t('ops.maxStake')} rules={[whole]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="enabled" label={t('ops.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moves operator capital into a coin's pool, once per reference (the audit keeps it). */
function FundDialog({ coin, onClose }: { coin: string; onClose: () => void }) {
  const { t } = useTranslation('seconds');
  const { fund } = useSecondsChanges();
  const [form] = Form.useForm<{ amount: string; reference: string }>();
  async function submit() {
    const { amount, reference } = await form.validateFields();
    try {
      await fund.mutateAsync({ coin, amount, reference: reference.trim() });
      notifier.notify('success', t('ops.funded'));
      onClose();
    } catch {
      // Shown by the client in the server's words.
    }
  }
  return (
    <Modal
      open
      title={t('ops.fundTitle', { coin })}
      okText={t('ops.fund')}
      cancelText={t('confirm.cancel')}
      confirmLoading={fund.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t('ops.fundText', { coin })}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label={t('ops.amount')}
          rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: t('ops.amountRule') }]}
        >
          <Input inputMode="decimal" autoComplete="off" suffix={coin} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('ops.reference')}
          rules={[
            { required: true, whitespace: true, min: 3, max: 64, message: t('ops.referenceRule') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /ops/seconds: the second-contract periods per market (rates, stake limits, charge,
 * enabled), their audited edits, and the pool that pays wins with its funding. Nothing
 * here touches an open contract, a price or a settlement.
 */
export default function SecondsPage() {
  const { t } = useTranslation('seconds');
  const query = useOpsSeconds();
  const [editing, setEditing] = useState<Period | null | 'new'>(null);
  const [funding, setFunding] = useState<string | null>(null);
  const columns: ColumnsType<Period> = [
    { title: t('ops.symbol'), dataIndex: 'symbol', key: 'symbol' },
    { title: t('ops.seconds'), dataIndex: 'seconds', key: 'seconds', align: 'right' },
    { title: t('ops.profitRate'), dataIndex: 'profitRate', key: 'profit', align: 'right' },
    { title: t('ops.lossRate'), dataIndex: 'lossRate', key: 'loss', align: 'right' },
    { title: t('ops.chargeRate'), dataIndex: 'chargeRate', key: 'charge', align: 'right' },
    {
      title: t('ops.stakes'),
      key: 'stakes',
      align: 'right',
      render: (_, p) => `${p.minStake} – ${p.maxStake} ${p.coin}`,
    },
    {
      title: t('ops.enabled'),
      key: 'enabled',
      // Plain tags: antd's green one is below 4.5:1 against its tint.
      render: (_, p) => <Tag>{t(p.enabled ? 'ops.on' : 'ops.off')}</Tag>,
    },
    {
      title: '',
      key: 'edit',
      align: 'right',
      render: (_, p) => (
        <Button size="small" onClick={() => setEditing(p)}>
          {t('ops.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageTitle
        title={t('ops.title')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('ops.add')}
          </Button>
        }
      />
      <QueryState query={query} failedTitle={t('ops.failed')}>
        {(data) => (
          <>
            <Panel title={t('pool.title')}>
              <Table
                size="small"
                rowKey="coin"
                pagination={false}
                dataSource={data.pools}
                columns={[
                  { title: t('ops.coin'), dataIndex: 'coin', key: 'coin' },
                  {
                    title: t('pool.balance'),
                    key: 'balance',
                    align: 'right',
                    render: (_, p) => <Amount value={p.balance} unit={p.coin} />,
                  },
                  {
                    title: t('pool.committed'),
                    key: 'committed',
                    align: 'right',
                    render: (_, p) => <Amount value={p.committed} unit={p.coin} />,
                  },
                  {
                    title: '',
                    key: 'fund',
                    align: 'right',
                    render: (_, p) => (
                      <Button size="small" onClick={() => setFunding(p.coin)}>
                        {t('ops.fund')}
                      </Button>
                    ),
                  },
                ]}
              />
            </Panel>
            <Panel title={t('ops.periods')}>
              <Table
                size="small"
                rowKey="id"
                dataSource={data.periods}
                columns={columns}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 20, showSizeChanger: false }}
              />
            </Panel>
          </>
        )}
      </QueryState>
      {editing !== null ? (
        <PeriodDialog
          period={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {funding !== null ? <FundDialog coin={funding} onClose={() => setFunding(null)} /> : null}
    </>
  );
}
