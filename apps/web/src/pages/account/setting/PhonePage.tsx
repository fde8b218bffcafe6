import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountVerificationBinding } from '@meridian/contract';
import { maskPhone } from '@meridian/core';
import { CodeInput } from '../../../accounts/CodeInput.tsx';
import { CountryCodeSelect } from '../../../accounts/CountryCodeSelect.tsx';
import { SettingFrame } from '../../../accounts/SettingFrame.tsx';
import { useCodeSender } from '../../../accounts/useCodeSender.ts';
import { useReloadUser } from '../../../accounts/useReloadUser.ts';
import { notifier } from '../../../feedback/notifier.ts';
import { usePlatform } from '../../../platform/context.tsx';
import { useSession } from '../../../session/store.ts';

interface Values {
  areaCode: string;
  phone: string;
  code: string;
}

/** Bind a phone number with a code sent to it by SMS. */
export default function PhonePage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const phone = useSession((s) => s.userInfo?.phone ?? null);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('bind');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    try {
      await api(accountVerificationBinding, { body: { type: 'phone', ...values } });
      notifier.notify('success', t('account.phone.bound'));
      form.resetFields();
      await reloadUser();
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingFrame title={t('account.security.phone')}>
      {phone ? (
        <Alert
          type="success"
          showIcon
          title={t('account.phone.current', { phone: maskPhone(phone) })}
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          className="account-form"
          initialValues={{ areaCode: '86' }}
          onFinish={(v) => void submit(v)}
        >
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
          <Form.Item
            name="code"
            label={t('account.field.code')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
          >
            <CodeInput
              onSend={() =>
                void form
                  .validateFields(['phone', 'areaCode'])
                  .then((v) =>
                    sender.send({ channel: 'sms', phone: v.phone, areaCode: v.areaCode }),
                  )
                  .catch(() => undefined)
              }
              canSend={sender.canSend}
              sending={sender.sending}
              secondsLeft={sender.secondsLeft}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('account.phone.submit')}
          </Button>
        </Form>
      )}
    </SettingFrame>
  );
}
