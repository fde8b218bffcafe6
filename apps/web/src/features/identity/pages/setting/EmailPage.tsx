import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindEmail } from '@meridian/contract/calls/user';
import { CodeField } from '../../widgets/fields.tsx';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';
import { targetKey, useCodeSender } from '../../useCodeSender.ts';
import { useReloadUser } from '../../useReloadUser.ts';
import { useSubmit } from '../../useSubmit.ts';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import styles from '../../widgets/identity.module.css';

/** Bind (certify) an email address with a code sent to it. */
export default function EmailPage() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const email = useSession((s) => s.userInfo?.email ?? null);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('bind');
  const [form] = Form.useForm<{ email: string; code: string }>();
  const typed = Form.useWatch('email', form) ?? '';

  const { busy, submit } = useSubmit(async (values: { email: string; code: string }) => {
    await api(bindEmail, { body: values });
    notifier.notify('success', t('account.email.certified'));
    form.resetFields();
    await reloadUser();
  });

  async function sendCode() {
    const values = await form.validateFields(['email']).catch(() => null);
    if (values) await sender.send({ channel: 'email', email: values.email });
  }

  return (
    <SettingFrame title={t('account.security.email')}>
      {email ? (
        <Alert type="success" showIcon title={t('account.email.bound', { email })} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className={styles.accountForm}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="email"
            label={t('account.field.email')}
            rules={[{ required: true, type: 'email', message: t('account.field.emailRequired') }]}
          >
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <CodeField
            sender={sender}
            target={targetKey({ channel: 'email', email: typed })}
            onSend={() => void sendCode()}
          />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('account.email.submit')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
