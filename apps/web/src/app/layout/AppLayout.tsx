import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFooter } from './AppFooter.tsx';
import { DemoBanner } from './DemoBanner.tsx';
import { AppHeader } from './header/AppHeader.tsx';
import { useShellMenus } from './header/useShellMenus.ts';
import { ChatLauncher } from '../../features/chat/index.ts';
import { showFooter, showHeader } from './visibility.ts';
import { useMarkShellPainted } from '../routes/shell-paint.ts';
import { useLocation } from '../../shared/router/index.tsx';
import { useSession } from '../../shared/session/store.ts';
import './layout.css';

// Loaded as soon as a session exists (a stored token being checked included), beside the
// profile's request; a visitor never loads it.
const SignedInFeeds = lazy(() => import('./SignedInFeeds.tsx'));

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useShellMenus();
  const hasSession = useSession((s) => s.token !== null);
  useMarkShellPainted();

  // Seed section 2: every page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {hasSession && (
        <Suspense fallback={null}>
          <SignedInFeeds />
        </Suspense>
      )}
      <DemoBanner />
      {showHeader(pathname) && <AppHeader menus={menus} />}
      <main id="main" className="app-main">
        {children}
      </main>
      {showFooter(pathname) && <AppFooter links={menus.footer} />}
      <ChatLauncher />
    </div>
  );
}
