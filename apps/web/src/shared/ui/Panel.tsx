import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './panel.module.css';

/**
 * A titled box drawn as antd's small Card. antd's Card imports its Tabs, and Tabs a
 * dropdown menu for tabs that overflow (about 27 KB of gzipped script together), so a
 * page that needs neither, such as the home page and the trade page's market panels,
 * uses this one. `classNames` names its parts for a page's own rules, as Card's does.
 */
export function Panel({
  title,
  extra,
  className,
  classNames,
  style,
  children,
}: {
  title: ReactNode;
  /** Beside the title, at the right (a link, a control). */
  extra?: ReactNode;
  className?: string;
  classNames?: { head?: string; extra?: string; body?: string };
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div className={cx(styles.panel, className)} style={style}>
      <div className={cx(styles.head, classNames?.head)}>
        <div className={styles.title}>{title}</div>
        {extra ? <div className={cx(styles.extra, classNames?.extra)}>{extra}</div> : null}
      </div>
      <div className={cx(styles.body, classNames?.body)}>{children}</div>
    </div>
  );
}
