import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindEmail } from '@meridian/contract';
import { maskEmail } from '@meridian/core';
import { CodeInput } from '../../../accounts/CodeInput.tsx';
import { SettingFrame } from '../../../accounts/SettingFrame.tsx';
import { useCodeSender } from '../../../accounts/useCodeSender.ts';
import { useReloadUser } from '../../../accounts/useReloadUser.ts';
import { notifier } from '../../../feedback/notifier.ts';
import { usePlatform } from '../../../platform/context.tsx';
import { useSession } from '../../../session/store.ts';

/** Bind (certify) an email address with a code sent to it. */
export default function EmailPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const email = useSession((s) => s.userInfo?.email ?? null);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('bind');
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(values: { email: string; code: string }) {
    setBusy(true);
    try {
      await api(bindEmail, { body: values });
      notifier.notify('success', t('account.email.certified'));
      form.resetFields();
      await reloadUser();
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingFrame title={t('account.security.email')}>
      {email ? (
        <Alert
          type="success"
          showIcon
          title={t('account.email.bound', { email: maskEmail(email) })}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="account-form"
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="email"
            label={t('account.field.email')}
            rules={[{ required: true, type: 'email', message: t('account.field.emailRequired') }]}
          >
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('account.field.code')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
          >
            <CodeInput
              onSend={() =>
                void form
                  .validateFields(['email'])
                  .then((v) => sender.send({ channel: 'email', email: v.email }))
                  .catch(() => undefined)
              }
              canSend={sender.canSend}
              sending={sender.sending}
              secondsLeft={sender.secondsLeft}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('account.email.submit')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
