import { Alert, Button, Divider, Form, Modal, Space, Steps, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getGoogleVerification,
  googleVerificationBindingOrReset,
} from '@meridian/contract/calls/member';
import { maskEmail } from '@meridian/core';
import { CodeField, GoogleCodeField } from '../../widgets/fields.tsx';
import { useCodeSender } from '../../useCodeSender.ts';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';
import { useReloadUser } from '../../useReloadUser.ts';
import { useSubmit } from '../../useSubmit.ts';
import { CopyButton } from '../../../../shared/ui/CopyButton.tsx';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import styles from '../../widgets/identity.module.css';

/**
 * Bind Google authenticator with a QR code and a code, unbind it with a code from it, or,
 * when the phone is lost, reset it with an email code (withdrawals then pause for 24 hours).
 */
export default function GooglePage() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const bound = useSession((s) => s.userInfo?.googleBound ?? false);
  const email = useSession((s) => s.userInfo?.email ?? null);
  const sender = useCodeSender('security');
  // A modal in the page's context (its holder rendered below), so it follows the theme.
  const [modal, modalHolder] = Modal.useModal();
  const reloadUser = useReloadUser();
  const [pending, setPending] = useState<{ secret: string; otpauthUri: string } | null>(null);

  const start = useSubmit(async () => {
    setPending(await api(getGoogleVerification, { params: { x: 'bind' } }));
  });

  const confirm = useSubmit(async (code: string, action: '1' | '2' | '3') => {
    await api(googleVerificationBindingOrReset, { params: { x: code, y: action } });
    notifier.notify(
      'success',
      t(action === '1' ? 'account.google.bound' : 'account.google.unbound'),
    );
    setPending(null);
    await reloadUser();
  });

  const codeForm = (action: '1' | '2', submitLabel: string) => (
    <Form
      // Named, so its field ids (and labels) stay apart from the lost-device form's.
      name={`totp${action}`}
      layout="vertical"
      className={styles.accountForm}
      onFinish={(v: { code: string }) => void confirm.submit(v.code, action)}
    >
      <GoogleCodeField />
      <Button type="primary" htmlType="submit" loading={confirm.busy} danger={action === '2'}>
        {submitLabel}
      </Button>
    </Form>
  );

  return (
    <SettingFrame title={t('account.security.google')}>
      {modalHolder}
      {bound ? (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('account.google.isBound')}
          />
          {codeForm('2', t('account.google.unbind'))}
          <Divider />
          <Typography.Title level={5}>{t('account.google.lostTitle')}</Typography.Title>
          <p>{t('account.google.lostLead')}</p>
          {email && (
            <Form
              name="totpLost"
              layout="vertical"
              className={styles.accountForm}
              onFinish={(v: { code: string }) =>
                modal.confirm({
                  title: t('account.google.lostConfirmTitle'),
                  content: t('account.google.lostConfirm'),
                  okText: t('account.google.lostReset'),
                  okButtonProps: { danger: true },
                  onOk: () => confirm.submit(v.code, '3'),
                })
              }
            >
              <CodeField
                sender={sender}
                target={email.toLowerCase()}
                label={t('account.field.emailCodeTo', { email: maskEmail(email) })}
                onSend={() => void sender.send({ channel: 'email', email })}
              />
              <Button htmlType="submit" danger loading={confirm.busy}>
                {t('account.google.lostReset')}
              </Button>
            </Form>
          )}
        </>
      ) : pending ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Steps
            direction="vertical"
            size="small"
            current={1}
            items={[
              { title: t('account.google.step1') },
              { title: t('account.google.step2') },
              { title: t('account.google.step3') },
            ]}
          />
          <div className={styles.qrWrap}>
            <QRCodeSVG value={pending.otpauthUri} size={176} title={t('account.google.qr')} />
          </div>
          <div>
            {t('account.google.manual')}: <span className={styles.secretBox}>{pending.secret}</span>{' '}
            <CopyButton value={pending.secret} />
          </div>
          <Alert type="warning" showIcon title={t('account.google.backup')} />
          {codeForm('1', t('account.google.bind'))}
        </Space>
      ) : (
        <Space direction="vertical">
          <p>{t('account.google.lead')}</p>
          <Button type="primary" loading={start.busy} onClick={() => void start.submit()}>
            {t('account.google.start')}
          </Button>
        </Space>
      )}
    </SettingFrame>
  );
}
