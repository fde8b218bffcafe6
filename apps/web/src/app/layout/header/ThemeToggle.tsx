import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../shared/ui/Hint.tsx';
import { PlainButton } from '../../../shared/ui/PlainButton.tsx';
import { useSettings } from '../../../shared/settings/store.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useSettings();
  const night = theme === 'night';
  const label = night ? t('layout.theme.daytime') : t('layout.theme.night');
  return (
    <Hint title={label}>
      <PlainButton
        kind="text"
        aria-label={label}
        icon={night ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(night ? 'daytime' : 'night')}
      />
    </Hint>
  );
}
