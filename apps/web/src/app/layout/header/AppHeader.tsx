import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../shared/router/index.tsx';
import { placeNoticesBelowHeader } from '../../../shared/feedback/notice-placement.ts';
import { useSiteSettings } from '../../../shared/platform/site-settings.ts';
import { useSession } from '../../../shared/session/store.ts';
import { PlainButton } from '../../../shared/ui/PlainButton.tsx';
import { SettingsDrawer } from '../../settings/SettingsDrawer.tsx';
import { HeaderLanguageSelect, HeaderTopNav, HeaderUserMenus } from './header-parts.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';
import { SupportButton } from './SupportButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import type { ShellMenus } from './useShellMenus.ts';

/** Top menu and operation area (seed section 2). */
export function AppHeader({ menus }: { menus: ShellMenus }) {
  const { t } = useTranslation();
  // Brand and logo are site settings: an operator's change shows without a rebuild.
  const site = useSiteSettings();
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  // Notices open where the header ends; one that opened on a page without it (the sign-in
  // notice) moves below it when it appears, and back to the top when it goes. Measured in
  // the next frame, not as the header mounts: reading its place there laid out the whole
  // first screen inside React's commit (15-35 ms of a phone's task on the first visit).
  useEffect(() => {
    const frame = requestAnimationFrame(placeNoticesBelowHeader);
    return () => {
      cancelAnimationFrame(frame);
      requestAnimationFrame(placeNoticesBelowHeader);
    };
  }, []);
  return (
    <header className="app-header">
      <Link to="/home/index" className="brand" aria-label={site.brand}>
        <img src={site.logoUrl || '/favicon.svg'} alt="" width={26} height={26} />
        <span className="brand-name">{site.brand}</span>
      </Link>
      <HeaderTopNav items={menus.top} />
      <div className="header-actions" role="group" aria-label={t('layout.operations')}>
        {isLogin ? (
          <HeaderUserMenus assets={menus.assets} avatar={menus.avatar} />
        ) : (
          // Login and register; the last one (register) is the call to action.
          menus.guest.map((link, index) => (
            <PlainButton
              key={link.key}
              className="desktop-only"
              kind={index === menus.guest.length - 1 ? 'primary' : 'text'}
              onClick={() => navigate(link.to)}
            >
              {t(link.label)}
            </PlainButton>
          ))
        )}
        <SupportButton />
        <HeaderLanguageSelect />
        <ThemeToggle />
        <SettingsDrawer />
        <PhoneMenu items={menus.top} guest={isLogin ? [] : menus.guest} />
      </div>
    </header>
  );
}
