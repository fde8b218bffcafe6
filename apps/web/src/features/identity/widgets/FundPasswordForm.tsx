import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { tardPwdSet, updatePwd } from '@meridian/contract/calls/user';
import { maskEmail } from '@meridian/core';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { CodeField, NewPasswordFields } from './fields.tsx';
import { sealForServer } from '../seal.ts';
import { useCodeSender } from '../useCodeSender.ts';
import { useReloadUser } from '../useReloadUser.ts';
import { useSubmit } from '../useSubmit.ts';
import styles from './identity.module.css';

interface Values {
  code?: string;
  password: string;
  confirmPassword: string;
}

/** Shown instead of a form that needs an email code when no email is bound. */
export function NeedEmail() {
  const { t } = useTranslation('identity');
  return (
    <Alert
      type="info"
      showIcon
      title={t('account.fundPwd.needEmail')}
      action={<Link to="/account/setting/email">{t('account.security.bind')}</Link>}
    />
  );
}

/**
 * The fund password withdrawals ask for: set it the first time, change it later with a
 * code sent to the bound email (seed section 6).
 */
export function FundPasswordForm() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const user = useSession((s) => s.userInfo);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('fundPassword');
  const [form] = Form.useForm<Values>();
  const isChange = user?.fundPasswordSet ?? false;

  const { busy, submit } = useSubmit(async (values: Values) => {
    const sealed = await sealForServer(api, values);
    if (isChange) await api(updatePwd, { body: sealed });
    else await api(tardPwdSet, { body: sealed });
    form.resetFields();
    notifier.notify('success', t(isChange ? 'account.fundPwd.changed' : 'account.fundPwd.set'));
    await reloadUser();
  });

  if (isChange && !user?.email) return <NeedEmail />;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={styles.accountForm}
      onFinish={(v) => void submit(v)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(isChange ? 'account.fundPwd.changeLead' : 'account.fundPwd.setLead')}
      />
      {isChange && user?.email && (
        <CodeField
          sender={sender}
          target={user.email.toLowerCase()}
          label={t('account.field.emailCodeTo', { email: maskEmail(user.email) })}
          onSend={() => void sender.send({ channel: 'email', email: user.email ?? '' })}
        />
      )}
      <NewPasswordFields label={t('account.field.fundPassword')} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(isChange ? 'account.fundPwd.changeSubmit' : 'account.fundPwd.setSubmit')}
      </Button>
    </Form>
  );
}
