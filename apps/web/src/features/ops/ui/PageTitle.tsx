import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** A console page's heading, with its actions at the right (they wrap under it on a phone). */
export function PageTitle({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className={styles.pageTitle}>
      <h1>{title}</h1>
      {extra ? <div className={styles.pageActions}>{extra}</div> : null}
    </div>
  );
}
