import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './result.module.css';

/**
 * An outcome in place of a page or a panel: an icon, a title, a line and actions, laid out
 * as antd's Result. antd's own imports its three full-page illustrations (403, 404, 500;
 * about 11 KB of gzipped script) wherever it is used, and the app shell needs one for a
 * failed page, so the shell and the trade page use this one; a page that shows an
 * illustration keeps antd's.
 */
export function Result({
  icon,
  tone = 'info',
  title,
  subTitle,
  extra,
  compact = false,
  className,
}: {
  icon: ReactNode;
  /** The icon's colour: the theme's warning or info colour. */
  tone?: 'warning' | 'info';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Smaller, for a panel under other content rather than a page of its own. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cx(styles.result, compact && styles.compact, className)}>
      <div className={cx(styles.icon, styles[tone])}>{icon}</div>
      <div className={styles.title}>{title}</div>
      {subTitle ? <div className={styles.subtitle}>{subTitle}</div> : null}
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}
