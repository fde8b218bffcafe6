import { LogoutOutlined, MenuOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../shared/router/index.tsx';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSettings } from '../../../shared/settings/store.ts';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { useOpsSignOut } from '../session/useOpsProfile.ts';
import styles from './ops.module.css';

/** The same theme setting as the exchange's (one choice for the whole app). */
export function OpsThemeToggle() {
  const { t } = useTranslation('ops');
  const theme = useSettings((s) => s.theme);
  const setTheme = useSettings((s) => s.setTheme);
  const night = theme === 'night';
  const label = night ? t('shell.themeDaytime') : t('shell.themeNight');
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

/** The console's header: its name, who is signed in with which role, language, theme, sign-out. */
export function OpsHeader({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation('ops');
  const { config } = usePlatform();
  const operator = useOpsSession((s) => s.operator);
  const signOut = useOpsSignOut();
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      {onOpenMenu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('shell.openMenu')}
          onClick={onOpenMenu}
        />
      )}
      <Link to="/ops" className={styles.brand}>
        <span className={styles.brandName}>{config.brand}</span>
        <span className={styles.brandTag}>{t('shell.title')}</span>
      </Link>
      <div className={styles.headerActions}>
        {operator && (
          <span className={styles.who}>
            <span className={styles.email}>{operator.email}</span>
            <Tag>{t(`role.${operator.role}`)}</Tag>
          </span>
        )}
        <LanguageSelect everywhere />
        <OpsThemeToggle />
        <Button
          type="text"
          icon={<LogoutOutlined />}
          aria-label={t('shell.signOut')}
          onClick={() => void signOut().then(() => navigate('/ops/login', { replace: true }))}
        >
          <span className={styles.signOutText}>{t('shell.signOut')}</span>
        </Button>
      </div>
    </header>
  );
}
