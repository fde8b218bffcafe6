import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './empty-state.module.css';

/**
 * What an empty list or table is: `none` when nothing exists yet (the user has no orders),
 * `filtered` when things exist but the filters or search leave none of them.
 */
export type EmptyKind = 'none' | 'filtered';

/** antd's simple empty-box illustration, in the theme's fill colours. */
function EmptyImage() {
  return (
    <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden focusable="false">
      <g transform="translate(0 1)" fill="none" fillRule="evenodd">
        <ellipse className={styles.shadow} cx="32" cy="33" rx="32" ry="7" />
        <g fillRule="nonzero" className={styles.outline}>
          <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
          <path
            className={styles.content}
            d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
          />
        </g>
      </g>
    </svg>
  );
}

/**
 * The one empty state of the app: antd's simple illustration (it follows the theme) and a
 * sentence chosen by the case. A screen may say it more precisely ("No orders yet") and
 * offer an action as children; the kind stays readable as `data-empty-kind`. Drawn
 * without antd, so the pages that load none of it (home, quotes) show the same one.
 */
export function EmptyState({
  kind = 'none',
  description,
  children,
}: {
  kind?: EmptyKind;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} data-empty-kind={kind}>
      <div className={styles.image}>
        <EmptyImage />
      </div>
      <div>
        {description ?? (kind === 'filtered' ? t('common.empty.filtered') : t('common.empty.none'))}
      </div>
      {children ? <div className={styles.footer}>{children}</div> : null}
    </div>
  );
}
