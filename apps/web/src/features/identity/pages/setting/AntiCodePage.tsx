import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { antiCode } from '@meridian/contract/calls/member';
import { maskEmail } from '@meridian/core';
import { CodeField } from '../../widgets/fields.tsx';
import { NeedEmail } from '../../widgets/FundPasswordForm.tsx';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';
import { useCodeSender } from '../../useCodeSender.ts';
import { useReloadUser } from '../../useReloadUser.ts';
import { useSubmit } from '../../useSubmit.ts';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import styles from '../../widgets/identity.module.css';

/** The anti-phishing code: every genuine email from the platform carries it. */
export default function AntiCodePage() {
  const { t } = useTranslation(['identity', 'common']);
  const { api } = usePlatform();
  const user = useSession((s) => s.userInfo);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('security');
  const [form] = Form.useForm<{ antiCode: string; code: string }>();

  const { busy, submit } = useSubmit(async (values: { antiCode: string; code: string }) => {
    await api(antiCode, { body: values });
    notifier.notify('success', t('account.antiCode.saved'));
    form.resetFields();
    await reloadUser();
  });

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
        <NeedEmail />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className={styles.accountForm}
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
          <CodeField
            sender={sender}
            target={user.email.toLowerCase()}
            label={t('account.field.emailCodeTo', { email: maskEmail(user.email) })}
            onSend={() => void sender.send({ channel: 'email', email: user.email ?? '' })}
          />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
