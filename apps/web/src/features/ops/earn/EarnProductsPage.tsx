import { Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { earnRateString, type OpsEarnProduct } from '@meridian/contract/calls/earn';
import { sanitizeNumberInput } from '@meridian/core';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useEarnChanges, useOpsEarn, type ProductInput } from './queries.ts';

const POSITIVE = /^(?!0+(\.0+)?$)\d{1,15}(\.\d{1,18})?$/;
const amount = (v: string) => sanitizeNumberInput(v, 18);

/** Creates a product or changes one; orders already placed keep the terms they opened on. */
function ProductDialog({
  product,
  onClose,
}: {
  product: OpsEarnProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('earn');
  const { save } = useEarnChanges();
  const [form] = Form.useForm<ProductInput>();
  const kind = Form.useWatch('kind', form);
  const rate = {
    validator: (_: unknown, v: string | undefined) =>
      earnRateString.safeParse(v ?? '').success
        ? Promise.resolve()
        : Promise.reject(new Error(t('ops.rateRule'))),
  };
  const positive = {
    validator: (_: unknown, v: string | undefined) =>
      POSITIVE.test(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('ops.amountRule'))),
  };
  async function submit() {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        ...values,
        section: values.kind === 'pledge' ? null : (values.section ?? 'ordinary'),
        ...(product ? { id: product.id } : {}),
      });
      notifier.notify('success', t('ops.saved'));
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }
  return (
    <Modal
      open
      title={product ? t('ops.editTitle', { id: product.id }) : t('ops.addTitle')}
      okText={t('ops.save')}
      cancelText={t('subscribe.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t('ops.editText')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={
          product ?? {
            kind: 'pledge',
            section: null,
            coin: 'USDT',
            minAmount: '100',
            maxAmount: '10000',
            dailyRate: '0.001',
            cycleDays: 30,
            perUserLimit: 3,
            capacity: '100000',
            penaltyRate: '0.03',
            timeZone: 'Asia/Hong_Kong',
          }
        }
      >
        <Form.Item name="kind" label={t('ops.kind')} rules={[{ required: true }]}>
          <Select
            disabled={product !== null}
            options={[
              { value: 'pledge', label: t('pledge.title') },
              { value: 'finance', label: t('finance.title') },
            ]}
          />
        </Form.Item>
        {kind === 'finance' ? (
          <Form.Item name="section" label={t('ops.section')} rules={[{ required: true }]}>
            <Select
              options={(['benefit', 'vip', 'ordinary'] as const).map((s) => ({
                value: s,
                label: t(`finance.tab.${s}`),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="coin" label={t('ops.coin')} rules={[{ required: true }]}>
          <Input disabled={product !== null} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="minAmount" label={t('field.min')} rules={[positive]} normalize={amount}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="maxAmount" label={t('field.max')} rules={[positive]} normalize={amount}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="capacity"
            label={t('field.capacity')}
            rules={[positive]}
            normalize={amount}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="dailyRate" label={t('field.dailyRate')} rules={[rate]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="penaltyRate" label={t('field.penalty')} rules={[rate]}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="cycleDays" label={t('field.cycle')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="perUserLimit" label={t('field.limit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="timeZone" label={t('field.timeZone')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Operator capital into a product's funding pool, once per reference. */
function FundDialog({ product, onClose }: { product: OpsEarnProduct; onClose: () => void }) {
  const { t } = useTranslation('earn');
  const { fund } = useEarnChanges();
  const [form] = Form.useForm<{ amount: string; reference: string }>();
  async function submit() {
    const values = await form.validateFields();
    try {
      await fund.mutateAsync({ id: product.id, ...values });
      notifier.notify('success', t('ops.funded'));
      onClose();
    } catch {
      // Shown by the client in the server's words.
    }
  }
  return (
    <Modal
      open
      title={t('ops.fundTitle', { id: product.id })}
      okText={t('ops.fund')}
      cancelText={t('subscribe.cancel')}
      confirmLoading={fund.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t('ops.fundText')}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label={`${t('field.amount')} (${product.coin})`}
          rules={[
            {
              validator: (_: unknown, v: string | undefined) =>
                POSITIVE.test(v ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ops.amountRule'))),
            },
          ]}
          normalize={amount}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reference" label={t('ops.reference')} rules={[{ required: true, min: 3 }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /ops/earn: products, their funding and what they owe; create, edit, pause, fund. */
export default function EarnProductsPage() {
  const { t } = useTranslation('earn');
  const query = useOpsEarn();
  const { state } = useEarnChanges();
  const [editing, setEditing] = useState<OpsEarnProduct | null | 'new'>(null);
  const [funding, setFunding] = useState<OpsEarnProduct | null>(null);
  const money = (key: keyof OpsEarnProduct) => (_: unknown, p: OpsEarnProduct) => (
    <Exact value={String(p[key])} unit={p.coin} />
  );
  const columns: ColumnsType<OpsEarnProduct> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: t('ops.kind'),
      key: 'kind',
      render: (_, p) => (p.kind === 'pledge' ? t('pledge.title') : t(`finance.tab.${p.section}`)),
    },
    { title: t('field.dailyRate'), dataIndex: 'dailyRate', key: 'rate', align: 'right' },
    { title: t('field.cycle'), dataIndex: 'cycleDays', key: 'cycle', align: 'right' },
    { title: t('field.remaining'), key: 'remaining', align: 'right', render: money('remaining') },
    { title: t('ops.funding'), key: 'funding', align: 'right', render: money('funding') },
    { title: t('ops.owed'), key: 'owed', align: 'right', render: money('owed') },
    {
      title: t('ops.principalHeld'),
      key: 'principal',
      align: 'right',
      render: money('principalHeld'),
    },
    { title: t('ops.openOrders'), dataIndex: 'openOrders', key: 'orders', align: 'right' },
    { title: t('ops.holders'), dataIndex: 'holders', key: 'holders', align: 'right' },
    {
      title: t('ops.state'),
      key: 'state',
      render: (_, p) =>
        p.state === 'active' ? <Tag>{t('ops.active')}</Tag> : <Tag>{t('ops.paused')}</Tag>,
    },
    {
      title: t('field.action'),
      key: 'action',
      fixed: 'right',
      render: (_, p) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(p)}>
            {t('ops.edit')}
          </Button>
          <Button size="small" onClick={() => setFunding(p)}>
            {t('ops.fund')}
          </Button>
          <Button
            size="small"
            loading={state.isPending && state.variables?.id === p.id}
            onClick={() =>
              state.mutate({ id: p.id, state: p.state === 'active' ? 'paused' : 'active' })
            }
          >
            {p.state === 'active' ? t('ops.pause') : t('ops.resume')}
          </Button>
        </Space>
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
      <Panel title={t('ops.title')}>
        <QueryState query={query} failedTitle={t('productsFailed')}>
          {(rows) => (
            <div
              role="region"
              aria-label={t('ops.title')}
              tabIndex={0}
              style={{ overflowX: 'auto' }}
            >
              <Table<OpsEarnProduct>
                size="small"
                rowKey="id"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <EmptyState description={t('ops.none')} /> }}
              />
            </div>
          )}
        </QueryState>
      </Panel>
      {editing !== null ? (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {funding ? <FundDialog product={funding} onClose={() => setFunding(null)} /> : null}
    </>
  );
}
