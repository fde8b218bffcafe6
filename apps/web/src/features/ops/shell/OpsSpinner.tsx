import { Spin } from 'antd';
import styles from './ops.module.css';

/** Holds a page's place while its module or the operator's profile is on the way. */
export function OpsSpinner() {
  return (
    <div className={styles.spinner} aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
