import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tardPwdSet, updatePwd } from '@meridian/contract';
import { maskEmail } from '@meridian/core';
import { notifier } from '../feedback/notifier.ts';
import { usePlatform } from '../platform/context.tsx';
import { useSession } from '../session/store.ts';
import { CodeInput } from './CodeInput.tsx';
import { confirmRule, passwordRule } from './password-rules.ts';
import { sealForServer } from './seal.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useReloadUser } from './useReloadUser.ts';

interface Values {
  code?: string;
  password: string;
  confirmPassword: string;
}

/**
 * The fund password withdrawals ask for: set it the first time, change it later with a
 * code sent to the bound email (seed section 6).
 */
export function FundPasswordForm() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const user = useSession((s) => s.userInfo);
  const reloadUser = useReloadUser();
  const sender = useCodeSender('fundPassword');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const isChange = user?.fundPasswordSet ?? false;

  async function submit(values: Values) {
    setBusy(true);
    try {
      const sealed = await sealForServer(api, values);
      if (isChange) await api(updatePwd, { body: sealed });
      else await api(tardPwdSet, { body: sealed });
      form.resetFields();
      notifier.notify('success', t(isChange ? 'account.fundPwd.changed' : 'account.fundPwd.set'));
      await reloadUser();
    } catch {
      // The request rules have shown why.
    } finally {
      setBusy(false);
    }
  }

  if (isChange && !user?.email) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('account.fundPwd.needEmail')}
        action={<Link to="/account/setting/email">{t('account.security.bind')}</Link>}
      />
    );
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="account-form"
      onFinish={(v) => void submit(v)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(isChange ? 'account.fundPwd.changeLead' : 'account.fundPwd.setLead')}
      />
      {isChange && user?.email && (
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
      )}
      <Form.Item name="password" label={t('account.field.fundPassword')} rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <p className="form-hint">{t('account.password.rule')}</p>
      <Form.Item
        name="confirmPassword"
        label={t('account.field.confirmPassword')}
        dependencies={['password']}
        rules={[confirmRule('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(isChange ? 'account.fundPwd.changeSubmit' : 'account.fundPwd.setSubmit')}
      </Button>
    </Form>
  );
}
