import { useTranslation } from 'react-i18next';
import { LoginPasswordForm } from '../../../accounts/LoginPasswordForm.tsx';
import { SettingFrame } from '../../../accounts/SettingFrame.tsx';

export default function LoginPwdPage() {
  const { t } = useTranslation();
  return (
    <SettingFrame title={t('account.security.loginPassword')}>
      <LoginPasswordForm />
    </SettingFrame>
  );
}
