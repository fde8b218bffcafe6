import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { backPwd } from '@meridian/contract';
import { AuthCard } from '../../accounts/AuthCard.tsx';
import { CodeInput } from '../../accounts/CodeInput.tsx';
import { confirmRule, passwordRule } from '../../accounts/password-rules.ts';
import { useCodeSender } from '../../accounts/useCodeSender.ts';
import { notifier } from '../../feedback/notifier.ts';
import { usePlatform } from '../../platform/context.tsx';

interface ResetForm {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Seed section 2: reset the login password with an email code. */
export default function ResetPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ResetForm>();
  const sender = useCodeSender('reset');

  async function sendCode() {
    const values = await form.validateFields(['email']).catch(() => null);
    if (values) await sender.send({ channel: 'email', email: values.email });
  }

  async function submit(values: ResetForm) {
    setBusy(true);
    try {
      await api(backPwd, { body: values });
      notifier.notify('success', t('account.reset.success'));
      void navigate('/user/login');
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('account.reset.title')}
      footer={<Link to="/user/login">{t('account.reset.backToLogin')}</Link>}
    >
      <p className="form-hint" style={{ marginTop: 0 }}>
        {t('account.reset.lead')}
      </p>
      <Form<ResetForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="email"
          label={t('account.field.email')}
          rules={[{ required: true, type: 'email', message: t('account.field.emailRequired') }]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
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
        <Form.Item name="password" label={t('account.field.newPassword')} rules={[passwordRule]}>
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
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('account.reset.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
