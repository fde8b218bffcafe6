import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserLoginPwd } from '@meridian/contract';
import { useFormatTime } from '../dates/useFormatTime.ts';
import { notifier } from '../feedback/notifier.ts';
import { usePlatform } from '../platform/context.tsx';
import { confirmRule, passwordRule } from './password-rules.ts';
import { sealForServer } from './seal.ts';
import { useReloadUser } from './useReloadUser.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the login password; the payload is sealed before it leaves the browser. */
export function LoginPasswordForm() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const reloadUser = useReloadUser();
  const formatTime = useFormatTime();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [blockedUntil, setBlockedUntil] = useState<string | null>(null);

  async function submit(values: Values) {
    setBusy(true);
    try {
      const answer = await api(updateUserLoginPwd, { body: await sealForServer(api, values) });
      setBlockedUntil(answer.withdrawBlockedUntil);
      form.resetFields();
      notifier.notify('success', t('account.loginPwd.success'));
      await reloadUser();
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="account-form"
      onFinish={(v) => void submit(v)}
    >
      <Alert
        type={blockedUntil ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          blockedUntil
            ? t('account.loginPwd.blockedUntil', { time: formatTime(blockedUntil) })
            : t('account.loginPwd.rule')
        }
      />
      <Form.Item
        name="oldPassword"
        label={t('account.field.oldPassword')}
        rules={[{ required: true, message: t('account.password.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('account.field.newPassword')} rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <p className="form-hint">{t('account.password.rule')}</p>
      <Form.Item
        name="confirmPassword"
        label={t('account.field.confirmPassword')}
        dependencies={['newPassword']}
        rules={[confirmRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.loginPwd.submit')}
      </Button>
    </Form>
  );
}
