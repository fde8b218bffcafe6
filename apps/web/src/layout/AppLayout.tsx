import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { isLanguage } from '@meridian/contract';
import { usePlatform } from '../platform/context.tsx';
import { useSettings } from '../settings/store.ts';
import './layout.css';

export function AppLayout() {
  const { t } = useTranslation();
  const { config } = usePlatform();
  const { theme, setTheme, language, setLanguage } = useSettings();
  const night = theme === 'night';
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="app-header">
        <Link to="/home/index" className="brand" aria-label={config.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="brand-name">{config.brand}</span>
        </Link>
        <div className="header-actions">
          <Select
            aria-label={t('layout.language')}
            value={language}
            onChange={(value: string) => {
              if (isLanguage(value)) void setLanguage(value);
            }}
            options={config.languages.map((l) => ({ value: l.code, label: l.name }))}
            popupMatchSelectWidth={false}
            variant="borderless"
          />
          <Tooltip title={night ? t('layout.theme.daytime') : t('layout.theme.night')}>
            <Button
              type="text"
              aria-label={night ? t('layout.theme.daytime') : t('layout.theme.night')}
              icon={night ? <SunOutlined /> : <MoonOutlined />}
              onClick={() => setTheme(night ? 'daytime' : 'night')}
            />
          </Tooltip>
        </div>
      </header>
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <footer className="app-footer">
        <span>
          {t('layout.footer.copyright', { year: new Date().getFullYear(), brand: config.brand })}
        </span>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('layout.footer.apiDocs')}
        </a>
      </footer>
    </div>
  );
}
