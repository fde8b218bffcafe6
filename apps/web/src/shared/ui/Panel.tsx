import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './panel.module.css';

/**
 * A titled box drawn as antd's small Card. antd's Card imports its Tabs, and Tabs a
 * dropdown menu for tabs that overflow (about 27 KB of gzipped script together), so a
 * page that needs neither, such as the home page, uses this one.
 */
export function Panel({
  title,
  extra,
  className,
  children,
}: {
  title: ReactNode;
  /** Beside the title, at the right (a link, a control). */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx(styles.panel, className)}>
      <div className={styles.head}>
        <div className={styles.title}>{title}</div>
        {extra ? <div className={styles.extra}>{extra}</div> : null}
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
