import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorView } from '@meridian/contract/calls/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@meridian/contract/operators';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useOpsSession } from '../session/session-store.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { OneTimePassword } from './OneTimePassword.tsx';
import { useOperatorActions, useOperators } from './queries.ts';
import ui from '../ui/ui.module.css';

function StatusTag({ operator }: { operator: OperatorView }) {
  const { t } = useTranslation('ops');
  if (operator.disabled) return <Tag color="error">{t('operators.status.disabled')}</Tag>;
  if (operator.pendingActivation) return <Tag color="warning">{t('operators.status.pending')}</Tag>;
  return <Tag color="success">{t('operators.status.active')}</Tag>;
}

/** Every operator, with role changes, disabling and resets, each behind a confirmation. */
export function OperatorsTable() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const me = useOpsSession((s) => s.operator?.id);
  const operators = useOperators();
  const { create, update, reset } = useOperatorActions();
  const [modal, modalHolder] = Modal.useModal();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const [form] = Form.useForm<{ email: string; role: OperatorRole }>();
  const roleOptions = OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));

  const confirm = (title: string, content: string, onOk: () => Promise<unknown>, danger = false) =>
    void modal.confirm({
      title,
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk,
    });

  const columns: ColumnsType<OperatorView> = [
    {
      title: t('operators.email'),
      dataIndex: 'email',
      render: (v: string, row) => (
        <>
          {v} {row.id === me && <Tag>{t('operators.you')}</Tag>}
        </>
      ),
    },
    {
      title: t('operators.role'),
      dataIndex: 'role',
      render: (role: OperatorRole, row) => (
        <Select
          size="small"
          value={role}
          options={roleOptions}
          aria-label={t('operators.changeRoleOf', { email: row.email })}
          style={{ minWidth: 130 }}
          onChange={(next: OperatorRole) =>
            confirm(
              t('operators.changeRoleTitle'),
              t('operators.changeRoleConfirm', { email: row.email, role: t(`role.${next}`) }),
              () => update.mutateAsync({ id: row.id, role: next }),
            )
          }
        />
      ),
    },
    {
      title: t('operators.status.label'),
      key: 'status',
      render: (_, row) => <StatusTag operator={row} />,
    },
    {
      title: t('operators.lastLogin'),
      dataIndex: 'lastLoginAt',
      responsive: ['md'],
      render: (v: string | null) => <span className={ui.nowrap}>{v ? formatTime(v) : '--'}</span>,
    },
    {
      title: t('operators.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <span className={ui.nowrap}>
          <Button
            size="small"
            danger={!row.disabled}
            onClick={() =>
              confirm(
                t(row.disabled ? 'operators.enableTitle' : 'operators.disableTitle'),
                t(row.disabled ? 'operators.enableConfirm' : 'operators.disableConfirm', {
                  email: row.email,
                }),
                () => update.mutateAsync({ id: row.id, disabled: !row.disabled }),
                !row.disabled,
              )
            }
          >
            {t(row.disabled ? 'operators.enable' : 'operators.disable')}
          </Button>{' '}
          <Button
            size="small"
            onClick={() =>
              confirm(
                t('operators.resetTitle'),
                t('operators.resetConfirm', { email: row.email }),
                async () => {
                  const answer = await reset.mutateAsync(row.id);
                  setShown({ email: answer.operator.email, password: answer.oneTimePassword });
                },
                true,
              )
            }
          >
            {t('operators.reset')}
          </Button>
        </span>
      ),
    },
  ];

  async function add() {
    const values = await form.validateFields();
    const answer = await create.mutateAsync(values);
    setAdding(false);
    form.resetFields();
    notifier.notify('success', t('operators.added'));
    setShown({ email: answer.operator.email, password: answer.oneTimePassword });
  }

  return (
    <>
      {modalHolder}
      <div className={ui.filters}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('operators.add')}
        </Button>
      </div>
      <QueryState query={operators} failedTitle={t('operators.failed')}>
        {(rows) => (
          <Table<OperatorView>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </QueryState>
      <Modal
        open={adding}
        title={t('operators.addTitle')}
        okText={t('operators.add')}
        cancelText={t('common.cancel')}
        confirmLoading={create.isPending}
        onOk={() => void add().catch(() => undefined)}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          name="ops-add-operator"
          requiredMark={false}
          initialValues={{ role: 'support' }}
        >
          <Form.Item
            name="email"
            label={t('operators.email')}
            rules={[{ required: true, type: 'email', message: t('login.emailRequired') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <OneTimePassword shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
