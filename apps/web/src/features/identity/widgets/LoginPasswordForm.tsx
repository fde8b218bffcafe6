import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserLoginPwd } from '@meridian/contract/calls/user';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { NewPasswordFields } from './fields.tsx';
import { sealForServer } from '../seal.ts';
import { useReloadUser } from '../useReloadUser.ts';
import { useSubmit } from '../useSubmit.ts';
import styles from './identity.module.css';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the login password; the payload is sealed before it leaves the browser. */
export function LoginPasswordForm() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const reloadUser = useReloadUser();
  const formatTime = useFormatTime();
  const [form] = Form.useForm<Values>();
  const [blockedUntil, setBlockedUntil] = useState<string | null>(null);

  const { busy, submit } = useSubmit(async (values: Values) => {
    const answer = await api(updateUserLoginPwd, { body: await sealForServer(api, values) });
    setBlockedUntil(answer.withdrawBlockedUntil);
    form.resetFields();
    notifier.notify('success', t('account.loginPwd.success'));
    await reloadUser();
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={styles.accountForm}
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
      <NewPasswordFields name="newPassword" label={t('account.field.newPassword')} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.loginPwd.submit')}
      </Button>
    </Form>
  );
}
