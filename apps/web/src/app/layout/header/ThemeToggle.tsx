import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/settings/store.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useSettings();
  const night = theme === 'night';
  const label = night ? t('layout.theme.daytime') : t('layout.theme.night');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={night ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(night ? 'daytime' : 'night')}
      />
    </Tooltip>
  );
}
