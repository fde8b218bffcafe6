import { Button, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { register } from '@meridian/contract';
import { AuthCard } from '../../accounts/AuthCard.tsx';
import { CodeInput } from '../../accounts/CodeInput.tsx';
import { CountryCodeSelect } from '../../accounts/CountryCodeSelect.tsx';
import { confirmRule, passwordRule } from '../../accounts/password-rules.ts';
import { useCodeSender } from '../../accounts/useCodeSender.ts';
import { notifier } from '../../feedback/notifier.ts';
import { usePlatform } from '../../platform/context.tsx';
import { useSession } from '../../session/store.ts';

type RegisterType = 'account' | 'email' | 'phone';

interface RegisterForm {
  account?: string;
  email?: string;
  areaCode?: string;
  phone?: string;
  code?: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
}

/** Seed section 2: register by account, email or phone; the invite code comes from the link. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const [params] = useSearchParams();
  const [type, setType] = useState<RegisterType>('email');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RegisterForm>();
  const sender = useCodeSender('register');
  const invite = params.get('invite_code') ?? undefined;

  async function sendCode() {
    const field = type === 'email' ? ['email'] : ['phone', 'areaCode'];
    const values = await form.validateFields(field).catch(() => null);
    if (!values) return;
    await sender.send(
      type === 'email'
        ? { channel: 'email', email: values.email ?? '' }
        : { channel: 'sms', phone: values.phone ?? '', areaCode: values.areaCode ?? '' },
    );
  }

  async function submit(v: RegisterForm) {
    setBusy(true);
    const common = {
      password: v.password,
      confirmPassword: v.confirmPassword,
      ...(v.inviteCode ? { inviteCode: v.inviteCode.trim() } : {}),
    };
    try {
      const session = await api(register, {
        body:
          type === 'account'
            ? { type, account: v.account ?? '', ...common }
            : type === 'email'
              ? { type, email: v.email ?? '', code: v.code ?? '', ...common }
              : {
                  type,
                  phone: v.phone ?? '',
                  areaCode: v.areaCode ?? '',
                  code: v.code ?? '',
                  ...common,
                },
      });
      notifier.notify('success', t('account.register.success'));
      useSession.getState().signIn(session);
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  const codeField = (
    <Form.Item
      name="code"
      label={t('account.field.code')}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
    >
      <CodeInput
        onSend={() => void sendCode()}
        canSend={sender.canSend}
        sending={sender.sending}
        secondsLeft={sender.secondsLeft}
      />
    </Form.Item>
  );

  return (
    <AuthCard
      title={t('account.register.title')}
      footer={
        <span>
          {t('account.register.haveAccount')}{' '}
          <Link to="/user/login">{t('account.login.title')}</Link>
        </span>
      }
    >
      <Segmented<RegisterType>
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
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: '86', inviteCode: invite }}
        onFinish={(values) => void submit(values)}
      >
        {type === 'account' && (
          <>
            <Form.Item
              name="account"
              label={t('account.field.account')}
              rules={[
                { required: true, message: t('account.field.accountRequired') },
                {
                  pattern: /^[A-Za-z][A-Za-z0-9_]{3,19}$/,
                  message: t('account.field.accountRule'),
                },
              ]}
            >
              <Input autoComplete="username" />
            </Form.Item>
          </>
        )}
        {type === 'email' && (
          <>
            <Form.Item
              name="email"
              label={t('account.field.email')}
              rules={[{ required: true, type: 'email', message: t('account.field.emailRequired') }]}
            >
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
            {codeField}
          </>
        )}
        {type === 'phone' && (
          <>
            <Form.Item label={t('account.field.phone')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="areaCode" noStyle rules={[{ required: true }]}>
                  <CountryCodeSelect />
                </Form.Item>
                <Form.Item
                  name="phone"
                  noStyle
                  rules={[
                    {
                      required: true,
                      pattern: /^\d{5,15}$/,
                      message: t('account.field.phoneRequired'),
                    },
                  ]}
                >
                  <Input inputMode="tel" autoComplete="tel-national" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            {codeField}
          </>
        )}
        <Form.Item name="password" label={t('account.field.password')} rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <p className="form-hint">{t('account.password.rule')}</p>
        <Form.Item
          name="confirmPassword"
          label={t('account.field.confirmPassword')}
          dependencies={['password']}
          rules={[confirmRule('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="inviteCode" label={t('account.field.inviteCodeOptional')}>
          <Input autoComplete="off" />
        </Form.Item>
        <p className="form-hint">
          {t('account.register.agree')}{' '}
          <Link to="/user/index?key=termsService">{t('account.terms.title')}</Link>
        </p>
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('account.register.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
