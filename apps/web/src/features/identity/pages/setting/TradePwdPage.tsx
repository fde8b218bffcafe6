import { useTranslation } from 'react-i18next';
import { FundPasswordForm } from '../../widgets/FundPasswordForm.tsx';
import { SettingFrame } from '../../widgets/SettingFrame.tsx';

export default function TradePwdPage() {
  const { t } = useTranslation('identity');
  return (
    <SettingFrame title={t('account.security.fundPassword')}>
      <FundPasswordForm />
    </SettingFrame>
  );
}
