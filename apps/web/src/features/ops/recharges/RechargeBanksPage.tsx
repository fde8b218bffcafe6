import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  opsSaveRechargeBank,
  rechargeBankInput,
  type OpsRechargeBank,
} from '@meridian/contract/calls/recharges';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCan } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useRechargeBanks, useSaveRechargeBank } from './queries.ts';
import ui from '../ui/ui.module.css';

interface FormValues {
  coin: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  swift: string;
  note?: string;
  minAmount?: string;
  maxAmount?: string;
  enabled: boolean;
}

/** A field checked by the contract's own rule for it, so the form and the server agree. */
const contractRule = (field: keyof typeof rechargeBankInput.shape, message: string) => ({
  validator: async (_: unknown, value?: string) => {
    const shape = rechargeBankInput.shape[field];
    const empty = value === undefined || value.trim() === '';
    if ((field === 'minAmount' || field === 'maxAmount') && empty) return;
    if (!shape.safeParse(value).success) throw new Error(message);
  },
});

/**
 * Where users pay bank-transfer recharges: one account per coin. A coin switched off (or
 * without a row) offers no bank transfer; every save is audited.
 */
export default function RechargeBanksPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const banks = useRechargeBanks();
  const canManage = useCan(opsSaveRechargeBank.permission);
  const [editing, setEditing] = useState<OpsRechargeBank | 'new' | null>(null);

  const columns: ColumnsType<OpsRechargeBank> = [
    {
      title: t('rechargeBanks.coin'),
      dataIndex: 'coin',
      render: (v: string) => <strong>{v}</strong>,
    },
    { title: t('rechargeBanks.bankName'), dataIndex: 'bankName' },
    {
      title: t('rechargeBanks.accountNumber'),
      dataIndex: 'accountNumber',
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
    { title: t('rechargeBanks.swift'), dataIndex: 'swift', responsive: ['md'] },
    {
      title: t('rechargeBanks.bounds'),
      key: 'bounds',
      align: 'right',
      render: (_, r) => (
        <span className="num">
          {r.minAmount ?? '—'} – {r.maxAmount ?? '—'}
        </span>
      ),
    },
    {
      title: t('rechargeBanks.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean) => (
        <Tag color={on ? 'success' : 'default'}>{t(on ? 'catalogue.on' : 'catalogue.off')}</Tag>
      ),
    },
    {
      title: t('rechargeBanks.updatedAt'),
      dataIndex: 'updatedAt',
      responsive: ['lg'],
      render: (v: string) => formatTime(v),
    },
    ...(canManage
      ? [
          {
            key: 'edit',
            title: '',
            render: (_: unknown, r: OpsRechargeBank) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('rechargeBanks.editCoin', { coin: r.coin })}
                onClick={() => setEditing(r)}
              >
                {t('rechargeBanks.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <PageTitle
        title={t('nav.rechargeBanks')}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('rechargeBanks.add')}
            </Button>
          ) : null
        }
      />
      <p className={ui.muted}>{t('rechargeBanks.lead')}</p>
      <QueryState query={banks} failedTitle={t('rechargeBanks.failed')}>
        {(rows) => (
          <Table<OpsRechargeBank>
            rowKey="coin"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <EmptyState description={t('rechargeBanks.empty')} /> }}
          />
        )}
      </QueryState>
      {editing && (
        <BankModal bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

function BankModal({ bank, onClose }: { bank: OpsRechargeBank | null; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveRechargeBank();
  const required = { required: true, whitespace: true, message: t('rechargeBanks.required') };
  async function submit() {
    const v = await form.validateFields();
    const optional = (text?: string) => (text && text.trim() !== '' ? text.trim() : null);
    await save.mutateAsync({
      coin: v.coin.trim().toUpperCase(),
      bankName: v.bankName,
      accountName: v.accountName,
      accountNumber: v.accountNumber,
      swift: v.swift.trim().toUpperCase(),
      note: v.note ?? '',
      minAmount: optional(v.minAmount),
      maxAmount: optional(v.maxAmount),
      enabled: v.enabled,
    });
    notifier.notify('success', t('rechargeBanks.saved'));
    onClose();
  }
  return (
    <Modal
      open
      title={bank ? t('rechargeBanks.editCoin', { coin: bank.coin }) : t('rechargeBanks.add')}
      okText={t('rechargeBanks.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="ops-recharge-bank"
        requiredMark={false}
        initialValues={
          bank
            ? {
                ...bank,
                minAmount: bank.minAmount ?? '',
                maxAmount: bank.maxAmount ?? '',
              }
            : { enabled: true }
        }
      >
        <Form.Item name="coin" label={t('rechargeBanks.coin')} rules={[required]}>
          <Input
            autoComplete="off"
            disabled={bank !== null}
            style={{ textTransform: 'uppercase' }}
          />
        </Form.Item>
        <Form.Item name="bankName" label={t('rechargeBanks.bankName')} rules={[required]}>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="accountName" label={t('rechargeBanks.accountName')} rules={[required]}>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="accountNumber" label={t('rechargeBanks.accountNumber')} rules={[required]}>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="swift"
          label={t('rechargeBanks.swift')}
          rules={[contractRule('swift', t('rechargeBanks.swiftRule'))]}
        >
          <Input autoComplete="off" maxLength={11} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="note" label={t('rechargeBanks.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          name="minAmount"
          label={t('rechargeBanks.minAmount')}
          rules={[contractRule('minAmount', t('rechargeBanks.amountRule'))]}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={t('rechargeBanks.noBound')} />
        </Form.Item>
        <Form.Item
          name="maxAmount"
          label={t('rechargeBanks.maxAmount')}
          rules={[contractRule('maxAmount', t('rechargeBanks.amountRule'))]}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={t('rechargeBanks.noBound')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('rechargeBanks.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
