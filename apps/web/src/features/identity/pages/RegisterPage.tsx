import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../shared/router/index.tsx';
import { register } from '@meridian/contract/calls/user';
import { AuthCard } from '../widgets/AuthCard.tsx';
import {
  CodeField,
  IdentityTabs,
  NewPasswordFields,
  PhoneField,
  type IdentityType,
} from '../widgets/fields.tsx';
import { targetKey, useCodeSender } from '../useCodeSender.ts';
import { useSubmit } from '../useSubmit.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import styles from '../widgets/identity.module.css';

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
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const [params] = useSearchParams();
  const [type, setType] = useState<IdentityType>('email');
  const [form] = Form.useForm<RegisterForm>();
  const sender = useCodeSender('register');
  const email = Form.useWatch('email', form) ?? '';
  const areaCode = Form.useWatch('areaCode', form) ?? '';
  const phone = Form.useWatch('phone', form) ?? '';
  const target =
    type === 'phone'
      ? targetKey({ channel: 'sms', areaCode, phone })
      : targetKey({ channel: 'email', email });

  async function sendCode() {
    const values = await form
      .validateFields(type === 'email' ? ['email'] : ['phone', 'areaCode'])
      .catch(() => null);
    if (!values) return;
    await sender.send(
      type === 'email'
        ? { channel: 'email', email: values.email ?? '' }
        : { channel: 'sms', phone: values.phone ?? '', areaCode: values.areaCode ?? '' },
    );
  }

  const { busy, submit } = useSubmit(async (v: RegisterForm) => {
    const common = {
      password: v.password,
      confirmPassword: v.confirmPassword,
      ...(v.inviteCode ? { inviteCode: v.inviteCode.trim() } : {}),
    };
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
  });

  const codeField = <CodeField sender={sender} target={target} onSend={() => void sendCode()} />;

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
      <IdentityTabs value={type} onChange={setType} />
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: '86', inviteCode: params.get('invite_code') ?? undefined }}
        onFinish={(values) => void submit(values)}
      >
        {type === 'account' && (
          <Form.Item
            name="account"
            label={t('account.field.account')}
            rules={[
              { required: true, message: t('account.field.accountRequired') },
              { pattern: /^[A-Za-z][A-Za-z0-9_]{3,19}$/, message: t('account.field.accountRule') },
            ]}
          >
            <Input autoComplete="username" />
          </Form.Item>
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
            <PhoneField />
            {codeField}
          </>
        )}
        <NewPasswordFields label={t('account.field.password')} />
        <Form.Item name="inviteCode" label={t('account.field.inviteCodeOptional')}>
          <Input autoComplete="off" />
        </Form.Item>
        <p className={styles.formHint}>
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
