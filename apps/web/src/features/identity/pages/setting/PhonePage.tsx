import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountVerificationBinding } from '@meridian/contract/calls/member';
import { CodeField, PhoneField } from '../../widgets/fields.tsx';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';
import { targetKey, useCodeSender } from '../../useCodeSender.ts';
import { useReloadUser } from '../../useReloadUser.ts';
import { useSubmit } from '../../useSubmit.ts';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import styles from '../../widgets/identity.module.css';

interface Values {
  areaCode: string;
  phone: string;
  code: string;
}

/** Bind a phone number with a code sent to it by SMS. */
export default function PhonePage() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const phone = useSession((s) => s.userInfo?.phone ?? null);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('bind');
  const [form] = Form.useForm<Values>();
  const areaCode = Form.useWatch('areaCode', form) ?? '';
  const number = Form.useWatch('phone', form) ?? '';

  const { busy, submit } = useSubmit(async (values: Values) => {
    await api(accountVerificationBinding, { body: { type: 'phone', ...values } });
    notifier.notify('success', t('account.phone.bound'));
    form.resetFields();
    await reloadUser();
  });

  async function sendCode() {
    const values = await form.validateFields(['phone', 'areaCode']).catch(() => null);
    if (values)
      await sender.send({ channel: 'sms', phone: values.phone, areaCode: values.areaCode });
  }

  return (
    <SettingFrame title={t('account.security.phone')}>
      {phone ? (
        <Alert type="success" showIcon title={t('account.phone.current', { phone })} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          className={styles.accountForm}
          initialValues={{ areaCode: '86' }}
          onFinish={(v) => void submit(v)}
        >
          <PhoneField />
          <CodeField
            sender={sender}
            target={targetKey({ channel: 'sms', areaCode, phone: number })}
            onSend={() => void sendCode()}
          />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('account.phone.submit')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
