import { Drawer } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from '../../../shared/router/index.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useOpsProfile } from '../session/useOpsProfile.ts';
import { OpsHeader } from './OpsHeader.tsx';
import { OpsNav } from './OpsNav.tsx';
import { OpsSpinner } from './OpsSpinner.tsx';
import styles from './ops.module.css';

/**
 * The console's frame: without an operator session, its login; while a kept session is
 * checked, a spinner; then header, side navigation (a drawer on a phone) and the page.
 */
export function OpsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ops');
  const { pathname, search } = useLocation();
  const { token, operator, failed, error, retry } = useOpsProfile();
  const phone = useIsPhone();
  const [menuOpen, setMenuOpen] = useState(false);

  if (!token) {
    return <Navigate to={`/ops/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#ops-main">
        {t('shell.skipToContent')}
      </a>
      <OpsHeader onOpenMenu={phone ? () => setMenuOpen(true) : undefined} />
      <div className={styles.body}>
        {!phone && operator && (
          <aside className={styles.side}>
            <OpsNav />
          </aside>
        )}
        {phone && (
          <Drawer
            placement="left"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            title={t('shell.title')}
            size={280}
            styles={{ body: { padding: 0 } }}
          >
            <OpsNav onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        )}
        <main id="ops-main" className={styles.main}>
          {operator ? (
            children
          ) : failed ? (
            <LoadFailed title={error?.message || t('shell.profileFailed')} onRetry={retry} />
          ) : (
            <OpsSpinner />
          )}
        </main>
      </div>
    </div>
  );
}
