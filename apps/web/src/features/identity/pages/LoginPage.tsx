import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { login } from '@meridian/contract/calls/user';
import { AuthCard } from '../widgets/AuthCard.tsx';
import {
  GoogleCodeField,
  IdentityTabs,
  PhoneField,
  type IdentityType,
} from '../widgets/fields.tsx';
import { ApiError, SECOND_FACTOR_CODE } from '../../../shared/api/client.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import styles from '../widgets/identity.module.css';

interface LoginForm {
  username: string;
  areaCode?: string;
  password: string;
}

/** Seed section 2: log in by account, email or phone, with a second step for 2FA. */
export default function LoginPage() {
  const { t } = useTranslation(['identity', 'common']);
  const { api } = usePlatform();
  const [type, setType] = useState<IdentityType>('email');
  const [pending, setPending] = useState<LoginForm | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: LoginForm, googleCode?: string) {
    setBusy(true);
    try {
      const session = await api(login, {
        body: {
          type,
          username: values.username,
          password: values.password,
          ...(type === 'phone' ? { areaCode: values.areaCode } : {}),
          ...(googleCode ? { googleCode } : {}),
        },
      });
      if (session) {
        notifier.notify('success', t('account.login.success'));
        useSession.getState().signIn(session);
      }
    } catch (error) {
      // The seed's "login step 1 success": the password was right, the code comes next.
      if (error instanceof ApiError && error.code === SECOND_FACTOR_CODE) setPending(values);
    } finally {
      setBusy(false);
    }
  }

  if (pending) {
    return (
      <AuthCard title={t('account.login.totpTitle')}>
        <p>{t('account.login.totpLead')}</p>
        <Form layout="vertical" onFinish={(v: { code: string }) => void submit(pending, v.code)}>
          <GoogleCodeField />
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button onClick={() => setPending(null)}>{t('common.back')}</Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('account.login.submit')}
            </Button>
          </Space>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.login.title')}
      footer={
        <span>
          {t('account.login.noAccount')}{' '}
          <Link to="/user/register">{t('account.register.title')}</Link>
        </span>
      }
    >
      <IdentityTabs value={type} onChange={setType} />
      <Form<LoginForm>
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: '86' }}
        onFinish={(values) => void submit(values)}
      >
        {type === 'phone' ? (
          <PhoneField phoneField="username" strict={false} />
        ) : (
          <Form.Item
            name="username"
            label={type === 'email' ? t('account.field.email') : t('account.field.account')}
            rules={[
              {
                required: true,
                message:
                  type === 'email'
                    ? t('account.field.emailRequired')
                    : t('account.field.accountRequired'),
              },
            ]}
          >
            <Input autoComplete={type === 'email' ? 'email' : 'username'} />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t('account.field.password')}
          rules={[{ required: true, message: t('account.password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className={styles.authLinks}>
          <span />
          <Link to="/user/reset">{t('account.login.forgot')}</Link>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('account.login.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
