import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../shared/router/index.tsx';
import { backPwd } from '@meridian/contract/calls/user';
import { AuthCard } from '../widgets/AuthCard.tsx';
import { CodeField, NewPasswordFields } from '../widgets/fields.tsx';
import { targetKey, useCodeSender } from '../useCodeSender.ts';
import { useSubmit } from '../useSubmit.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import styles from '../widgets/identity.module.css';

interface ResetForm {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Seed section 2: reset the login password with an email code. */
export default function ResetPage() {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const typed = Form.useWatch('email', form) ?? '';
  const sender = useCodeSender('reset');

  async function sendCode() {
    const values = await form.validateFields(['email']).catch(() => null);
    if (values) await sender.send({ channel: 'email', email: values.email });
  }

  const { busy, submit } = useSubmit(async (values: ResetForm) => {
    await api(backPwd, { body: values });
    notifier.notify('success', t('account.reset.success'));
    navigate('/user/login');
  });

  return (
    <AuthCard
      title={t('account.reset.title')}
      footer={<Link to="/user/login">{t('account.reset.backToLogin')}</Link>}
    >
      <p className={styles.formHint} style={{ marginTop: 0 }}>
        {t('account.reset.lead')}
      </p>
      <Form<ResetForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="email"
          label={t('account.field.email')}
          rules={[{ required: true, type: 'email', message: t('account.field.emailRequired') }]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <CodeField
          sender={sender}
          target={targetKey({ channel: 'email', email: typed })}
          onSend={() => void sendCode()}
        />
        <NewPasswordFields label={t('account.field.newPassword')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('account.reset.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
