import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../shared/ui/Hint.tsx';
import { useSettings } from '../../../shared/settings/store.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useSettings();
  const night = theme === 'night';
  const label = night ? t('layout.theme.daytime') : t('layout.theme.night');
  return (
    <Hint title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={night ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(night ? 'daytime' : 'night')}
      />
    </Hint>
  );
}
