import { Button, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login } from '@meridian/contract';
import { AuthCard } from '../../accounts/AuthCard.tsx';
import { CountryCodeSelect } from '../../accounts/CountryCodeSelect.tsx';
import { ApiError } from '../../api/client.ts';
import { notifier } from '../../feedback/notifier.ts';
import { usePlatform } from '../../platform/context.tsx';
import { useSession } from '../../session/store.ts';

type LoginType = 'account' | 'email' | 'phone';

interface LoginForm {
  username: string;
  areaCode?: string;
  password: string;
}

/** Seed section 2: log in by account, email or phone, with a second step for 2FA. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const [type, setType] = useState<LoginType>('email');
  const [pending, setPending] = useState<LoginForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<LoginForm>();

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
      if (error instanceof ApiError && error.code === 202) setPending(values);
    } finally {
      setBusy(false);
    }
  }

  if (pending) {
    return (
      <AuthCard title={t('account.login.totpTitle')}>
        <p>{t('account.login.totpLead')}</p>
        <Form layout="vertical" onFinish={(v: { code: string }) => void submit(pending, v.code)}>
          <Form.Item
            name="code"
            label={t('account.field.googleCode')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
          </Form.Item>
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
      <Segmented<LoginType>
        block
        value={type}
        onChange={setType}
        options={[
          { value: 'account', label: t('account.tab.account') },
          { value: 'email', label: t('account.tab.email') },
          { value: 'phone', label: t('account.tab.phone') },
        ]}
        style={{ marginBottom: 20 }}
      />
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: '86' }}
        onFinish={(values) => void submit(values)}
      >
        {type === 'phone' ? (
          <Form.Item label={t('account.field.phone')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="areaCode" noStyle>
                <CountryCodeSelect />
              </Form.Item>
              <Form.Item
                name="username"
                noStyle
                rules={[{ required: true, message: t('account.field.phoneRequired') }]}
              >
                <Input inputMode="tel" autoComplete="tel-national" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
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
        <div className="auth-links">
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
