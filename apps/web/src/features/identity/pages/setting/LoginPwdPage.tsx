import { useTranslation } from 'react-i18next';
import { LoginPasswordForm } from '../../widgets/LoginPasswordForm.tsx';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';

export default function LoginPwdPage() {
  const { t } = useTranslation('identity');
  return (
    <SettingFrame title={t('account.security.loginPassword')}>
      <LoginPasswordForm />
    </SettingFrame>
  );
}
