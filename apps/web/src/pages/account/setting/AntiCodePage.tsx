import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { antiCode } from '@meridian/contract';
import { maskEmail } from '@meridian/core';
import { CodeInput } from '../../../accounts/CodeInput.tsx';
import { SettingFrame } from '../../../accounts/SettingFrame.tsx';
import { useCodeSender } from '../../../accounts/useCodeSender.ts';
import { useReloadUser } from '../../../accounts/useReloadUser.ts';
import { notifier } from '../../../feedback/notifier.ts';
import { usePlatform } from '../../../platform/context.tsx';
import { useSession } from '../../../session/store.ts';

/** The anti-phishing code: every genuine email from the platform carries it. */
export default function AntiCodePage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const user = useSession((s) => s.userInfo);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('security');
  const [form] = Form.useForm<{ antiCode: string; code: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(values: { antiCode: string; code: string }) {
    setBusy(true);
    try {
      await api(antiCode, { body: values });
      notifier.notify('success', t('account.antiCode.saved'));
      form.resetFields();
      await reloadUser();
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingFrame title={t('account.security.antiCode')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          user?.antiPhishingCode
            ? t('account.antiCode.current', { code: user.antiPhishingCode })
            : t('account.antiCode.lead')
        }
      />
      {!user?.email ? (
        <Alert
          type="warning"
          showIcon
          title={t('account.fundPwd.needEmail')}
          action={<Link to="/account/setting/email">{t('account.security.bind')}</Link>}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="account-form"
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="antiCode"
            label={t('account.antiCode.label')}
            rules={[
              {
                required: true,
                whitespace: true,
                min: 4,
                max: 20,
                message: t('account.antiCode.rule'),
              },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('account.field.emailCodeTo', { email: maskEmail(user.email) })}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
          >
            <CodeInput
              onSend={() => void sender.send({ channel: 'email', email: user.email ?? '' })}
              canSend={sender.canSend}
              sending={sender.sending}
              secondsLeft={sender.secondsLeft}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
