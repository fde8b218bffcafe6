import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatform } from '../../platform/context.tsx';
import { useSession } from '../../session/store.ts';
import { SettingsDrawer } from '../../settings/SettingsDrawer.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';
import { SupportButton } from './SupportButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { TopNav } from './TopNav.tsx';
import { UserMenus } from './UserMenus.tsx';
import type { ShellMenus } from './useShellMenus.ts';

/** Top menu and operation area (seed section 2). */
export function AppHeader({ menus }: { menus: ShellMenus }) {
  const { t } = useTranslation();
  const { config } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return (
    <header className="app-header">
      <Link to="/home/index" className="brand" aria-label={config.brand}>
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span className="brand-name">{config.brand}</span>
      </Link>
      <TopNav items={menus.top} />
      <div className="header-actions" role="group" aria-label={t('layout.operations')}>
        {isLogin ? (
          <UserMenus assets={menus.assets} avatar={menus.avatar} />
        ) : (
          menus.guest.map((link, index) => (
            <Link key={link.key} to={link.to} className="desktop-only">
              <Button type={index === menus.guest.length - 1 ? 'primary' : 'text'} tabIndex={-1}>
                {t(link.label)}
              </Button>
            </Link>
          ))
        )}
        <SupportButton />
        <LanguageSelect />
        <ThemeToggle />
        <SettingsDrawer />
        <PhoneMenu items={menus.top} />
      </div>
    </header>
  );
}
