import styles from './skeleton.module.css';

/**
 * A block's place while its data loads, as lines (antd's active Skeleton paragraph,
 * without antd: the home and quotes pages show it).
 */
export function SkeletonLines({ rows = 3 }: { rows?: number }) {
  return (
    <ul className={styles.lines} aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} />
      ))}
    </ul>
  );
}
