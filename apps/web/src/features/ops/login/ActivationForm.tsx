import { Button, Form, Input, Space } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { codeRules, newPasswordRules } from './rules.ts';
import type { Activation, ActivationInput } from './useOpsLogin.ts';
import styles from './login.module.css';

/**
 * The first sign-in's second step: add the authenticator (QR code, or the secret typed
 * in), choose a password of one's own (twice), and prove the authenticator with a code.
 */
export function ActivationForm({
  activation,
  busy,
  onSubmit,
  onBack,
}: {
  activation: Activation & { email: string };
  busy: boolean;
  onSubmit: (input: ActivationInput) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  return (
    <>
      <p className={styles.lead}>{t('login.activateLead', { email: activation.email })}</p>
      <ol className={styles.steps}>
        <li>
          <div className={styles.stepTitle}>{t('login.scan')}</div>
          <div className={styles.qr}>
            <QRCodeSVG
              value={activation.otpauthUri}
              size={168}
              marginSize={2}
              title={t('login.qrTitle')}
            />
          </div>
          <div className={styles.secretLabel}>{t('login.secret')}</div>
          <div className={styles.secret}>
            <code data-testid="ops-totp-secret">{activation.totpSecret}</code>
            <CopyButton value={activation.totpSecret} label={t('login.copySecret')} />
          </div>
          <div className={styles.expires}>
            {t('login.expires', { time: formatTime(activation.expiresAt) })}
          </div>
        </li>
        <li>
          <div className={styles.stepTitle}>{t('login.choosePassword')}</div>
          <Form
            name="ops-activate"
            layout="vertical"
            requiredMark={false}
            onFinish={(v: ActivationInput & { confirm: string }) =>
              onSubmit({ newPassword: v.newPassword, code: v.code })
            }
          >
            <Form.Item
              name="newPassword"
              label={t('login.newPassword')}
              extra={t('login.newPasswordRule')}
              rules={newPasswordRules(t)}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('login.confirmPassword')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('login.confirmRequired') },
                ({ getFieldValue }) => ({
                  validator: async (_, value?: string) => {
                    if (value && value !== getFieldValue('newPassword')) {
                      throw new Error(t('login.confirmMismatch'));
                    }
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="code" label={t('login.firstCode')} rules={codeRules(t, true)}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Space className={styles.actions}>
              <Button onClick={onBack}>{t('login.back')}</Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('login.activate')}
              </Button>
            </Space>
          </Form>
        </li>
      </ol>
    </>
  );
}
