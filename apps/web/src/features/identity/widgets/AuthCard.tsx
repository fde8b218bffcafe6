import type { ReactNode } from 'react';
import { Link } from '../../../shared/router/index.tsx';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect.tsx';
import { usePlatform } from '../../../shared/platform/context.tsx';
import styles from './identity.module.css';

/** The frame of the login, register and reset pages, which show no header (seed section 2). */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { config } = usePlatform();
  return (
    <div className={styles.authPage}>
      <div className={styles.authLanguage}>
        <LanguageSelect everywhere />
      </div>
      <Link to="/home/index" className={styles.authBrand} aria-label={config.brand}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{config.brand}</span>
      </Link>
      <section className={styles.authCard} aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      {footer && <div className={styles.authFooter}>{footer}</div>}
    </div>
  );
}
