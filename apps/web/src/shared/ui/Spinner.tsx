import styles from './spinner.module.css';

/** Something is on its way (antd's Spin, without antd: the shell shows it). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden />;
}
