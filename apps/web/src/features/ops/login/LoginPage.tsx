import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect.tsx';
import { OpsThemeToggle } from '../shell/OpsHeader.tsx';
import { ActivationForm } from './ActivationForm.tsx';
import { codeRules } from './rules.ts';
import { useOpsLogin, type Credentials } from './useOpsLogin.ts';
import styles from './login.module.css';

/** /ops/login: the operator's sign-in, and the first sign-in's activation. */
export default function LoginPage() {
  const { t } = useTranslation('ops');
  const { config } = usePlatform();
  const login = useOpsLogin();
  return (
    <div className={styles.page}>
      <div className={styles.tools}>
        <LanguageSelect everywhere />
        <OpsThemeToggle />
      </div>
      <section className={styles.card} aria-labelledby="ops-login-title">
        <div className={styles.brand}>
          {config.brand} · {t('shell.title')}
        </div>
        <h1 id="ops-login-title" className={styles.title}>
          {login.activation ? t('login.activateTitle') : t('login.title')}
        </h1>
        {login.error && (
          <Alert type="error" showIcon title={login.error} className={styles.error} role="alert" />
        )}
        {login.activation ? (
          <ActivationForm
            activation={login.activation}
            busy={login.busy}
            onSubmit={(v) => void login.activate(v)}
            onBack={login.restart}
          />
        ) : (
          <Form
            name="ops-login"
            layout="vertical"
            requiredMark={false}
            onFinish={(v: Credentials) => void login.signIn(v)}
          >
            <Form.Item
              name="email"
              label={t('login.email')}
              rules={[{ required: true, type: 'email', message: t('login.emailRequired') }]}
            >
              <Input autoComplete="username" inputMode="email" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="code"
              label={t('login.code')}
              extra={t('login.codeHint')}
              rules={codeRules(t, false)}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={login.busy}>
              {t('login.submit')}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
