import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiKey, deleteApiKey, listApiKeys } from '@meridian/contract/calls/member';
import type { CallData } from '@meridian/contract/define';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import styles from './identity.module.css';

type Scope = 'read' | 'trade' | 'withdraw';
type Created = CallData<typeof createApiKey>;

interface Values {
  label: string;
  /** HMAC: the platform makes a secret; Ed25519: the user keeps the private key. */
  signing: 'hmac' | 'ed25519';
  publicKey?: string;
  scopes: Scope[];
  ips?: string;
  expiresInDays: number | 'never';
  googleCode?: string;
}

/** API keys: create with scopes, IP allowlist and expiry; the secret is shown once. */
export function ApiKeys() {
  const { t } = useTranslation(['identity', 'common']);
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const googleBound = useSession((s) => s.userInfo?.googleBound ?? false);
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<Created | null>(null);
  const keys = useQuery({ queryKey: ['apiKeys'], queryFn: () => api(listApiKeys) });

  const create = useMutation({
    mutationFn: (v: Values) =>
      api(createApiKey, {
        body: {
          label: v.label.trim(),
          scopes: v.scopes,
          ipAllowlist: (v.ips ?? '')
            .split(/[\s,]+/)
            .map((ip) => ip.trim())
            .filter(Boolean),
          expiresInDays: v.expiresInDays === 'never' ? null : v.expiresInDays,
          ...(v.signing === 'ed25519' && v.publicKey ? { publicKey: v.publicKey.trim() } : {}),
          ...(v.googleCode ? { googleCode: v.googleCode } : {}),
        },
      }),
    onSuccess: (key) => {
      setCreated(key);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['apiKeys'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(deleteApiKey, { query: { id } }),
    onSuccess: () => {
      notifier.notify('success', t('account.api.deleted'));
      void queryClient.invalidateQueries({ queryKey: ['apiKeys'] });
    },
  });

  return (
    <div className={styles.accountPage}>
      <Card title={t('account.api.create')}>
        <Form<Values>
          form={form}
          layout="vertical"
          className={styles.accountForm}
          initialValues={{ signing: 'hmac', scopes: ['read'], expiresInDays: 90 }}
          onFinish={(v) => create.mutate(v)}
        >
          <Form.Item
            name="label"
            label={t('account.api.label')}
            rules={[
              {
                required: true,
                whitespace: true,
                max: 40,
                message: t('account.api.labelRequired'),
              },
            ]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="signing" label={t('account.api.signing')}>
            <Radio.Group
              options={[
                { value: 'hmac', label: t('account.api.signingHmac') },
                { value: 'ed25519', label: t('account.api.signingEd25519') },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['signing']}>
            {({ getFieldValue }) =>
              getFieldValue('signing') === 'ed25519' && (
                <Form.Item
                  name="publicKey"
                  label={t('account.api.publicKey')}
                  extra={t('account.api.publicKeyHint')}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      min: 43,
                      max: 400,
                      message: t('account.api.publicKeyRequired'),
                    },
                  ]}
                >
                  <Input.TextArea
                    rows={4}
                    spellCheck={false}
                    className={styles.secretBox}
                    placeholder={'-----BEGIN PUBLIC KEY-----\n...\n-----END PUBLIC KEY-----'}
                  />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('account.api.scopes')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group
              options={[
                { value: 'read', label: t('account.api.scope.read') },
                { value: 'trade', label: t('account.api.scope.trade') },
                { value: 'withdraw', label: t('account.api.scope.withdraw') },
              ]}
            />
          </Form.Item>
          <Form.Item name="ips" label={t('account.api.ips')} extra={t('account.api.ipsHint')}>
            <Input.TextArea rows={2} placeholder="203.0.113.7, 198.51.100.0/24" />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('account.api.expiry')}>
            <Select
              options={[
                { value: 30, label: t('account.api.days', { count: 30 }) },
                { value: 90, label: t('account.api.days', { count: 90 }) },
                { value: 365, label: t('account.api.days', { count: 365 }) },
                { value: 'never', label: t('account.api.never') },
              ]}
            />
          </Form.Item>
          {googleBound && (
            <Form.Item
              name="googleCode"
              label={t('account.field.googleCode')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('account.api.createSubmit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('account.api.title')}>
        <Table
          rowKey="id"
          size="small"
          loading={keys.isPending}
          dataSource={keys.data ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            { title: t('account.api.label'), dataIndex: 'label' },
            {
              title: t('account.api.key'),
              dataIndex: 'apiKey',
              render: (key: string) => (
                <span className={styles.secretBox}>
                  {key} <CopyButton value={key} />
                </span>
              ),
            },
            {
              title: t('account.api.signing'),
              dataIndex: 'algorithm',
              render: (v: 'hmac-sha256' | 'ed25519') =>
                v === 'ed25519' ? 'Ed25519' : 'HMAC-SHA256',
            },
            {
              title: t('account.api.scopes'),
              dataIndex: 'scopes',
              render: (scopes: Scope[]) =>
                scopes.map((s) => <Tag key={s}>{t(`account.api.scope.${s}`)}</Tag>),
            },
            {
              title: t('account.api.ips'),
              dataIndex: 'ipAllowlist',
              render: (ips: string[]) => (ips.length ? ips.join(', ') : t('account.api.anyIp')),
            },
            {
              title: t('account.api.expiry'),
              dataIndex: 'expiresAt',
              render: (v: string | null) => (v ? formatTime(v) : t('account.api.never')),
            },
            {
              title: t('account.devices.actions'),
              key: 'actions',
              align: 'right',
              render: (_v, row) => (
                <Popconfirm
                  title={t('account.api.deleteConfirm')}
                  okText={t('account.api.delete')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => remove.mutate(row.id)}
                >
                  <Button size="small" danger>
                    {t('account.api.delete')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={created !== null}
        title={t('account.api.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('account.api.savedIt')}
          </Button>
        }
      >
        {created?.secret && (
          <Alert
            type="warning"
            showIcon
            title={t('account.api.secretOnce')}
            style={{ marginBottom: 16 }}
          />
        )}
        <p>
          {t('account.api.key')}: <span className={styles.secretBox}>{created?.apiKey}</span>{' '}
          <CopyButton value={created?.apiKey ?? ''} />
        </p>
        {created?.secret ? (
          <p>
            {t('account.api.secret')}: <span className={styles.secretBox}>{created.secret}</span>{' '}
            <CopyButton value={created.secret} />
          </p>
        ) : (
          <p>{t('account.api.ed25519Created')}</p>
        )}
      </Modal>
    </div>
  );
}
