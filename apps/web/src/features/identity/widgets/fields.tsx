import { Form, Input, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './CodeInput.tsx';
import { CountryCodeSelect } from './CountryCodeSelect.tsx';
import { confirmRule, passwordRule } from '../password-rules.ts';
import type { useCodeSender } from '../useCodeSender.ts';
import styles from './identity.module.css';

export type IdentityType = 'account' | 'email' | 'phone';

/** The account / email / phone switch of the login and sign-up forms. */
export function IdentityTabs({
  value,
  onChange,
}: {
  value: IdentityType;
  onChange: (v: IdentityType) => void;
}) {
  const { t } = useTranslation('identity');
  return (
    <Segmented<IdentityType>
      block
      value={value}
      onChange={onChange}
      options={[
        { value: 'account', label: t('account.tab.account') },
        { value: 'email', label: t('account.tab.email') },
        { value: 'phone', label: t('account.tab.phone') },
      ]}
      style={{ marginBottom: 20 }}
    />
  );
}

/** Calling code and number side by side, as the fields `areaCode` and `phoneField`. */
export function PhoneField({
  phoneField = 'phone',
  strict = true,
}: {
  phoneField?: string;
  strict?: boolean;
}) {
  const { t } = useTranslation('identity');
  return (
    <Form.Item label={t('account.field.phone')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="areaCode" noStyle rules={[{ required: true }]}>
          <CountryCodeSelect />
        </Form.Item>
        <Form.Item
          name={phoneField}
          noStyle
          rules={[
            {
              required: true,
              ...(strict ? { pattern: /^\d{5,15}$/ } : {}),
              message: t('account.field.phoneRequired'),
            },
          ]}
        >
          <Input inputMode="tel" autoComplete="tel-national" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** The 6-digit code field with its send button, wired to a code sender. */
export function CodeField({
  sender,
  target,
  onSend,
  label,
}: {
  sender: ReturnType<typeof useCodeSender>;
  /** Where the code would go (targetKey), for the resend countdown of that address. */
  target: string;
  onSend: () => void;
  label?: string;
}) {
  const { t } = useTranslation('identity');
  const wait = sender.waitFor(target);
  return (
    <Form.Item
      name="code"
      label={label ?? t('account.field.code')}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
    >
      <CodeInput
        onSend={onSend}
        canSend={wait === 0 && !sender.sending}
        sending={sender.sending}
        secondsLeft={wait}
      />
    </Form.Item>
  );
}

/** A new password under the rule, its hint, and its confirmation. */
export function NewPasswordFields({ name = 'password', label }: { name?: string; label: string }) {
  const { t } = useTranslation('identity');
  return (
    <>
      <Form.Item name={name} label={label} rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <p className={styles.formHint}>{t('account.password.rule')}</p>
      <Form.Item
        name="confirmPassword"
        label={t('account.field.confirmPassword')}
        dependencies={[name]}
        rules={[confirmRule(name)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The 6-digit authenticator code field. */
export function GoogleCodeField() {
  const { t } = useTranslation('identity');
  return (
    <Form.Item
      name="code"
      label={t('account.field.googleCode')}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
    </Form.Item>
  );
}
