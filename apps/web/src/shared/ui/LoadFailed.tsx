import { CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from './PlainButton.tsx';
import styles from './load-failed.module.css';

/**
 * A block whose data could not be loaded: what failed, and a retry button. Drawn as antd's
 * error Alert, without antd (the home and quotes pages show it).
 */
export function LoadFailed({
  title,
  onRetry,
  retrying,
}: {
  title: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.alert} role="alert">
      <span className={styles.icon}>
        <CloseCircleFilled aria-hidden />
      </span>
      <div className={styles.title}>{title}</div>
      <PlainButton
        size="small"
        icon={retrying ? <LoadingOutlined spin aria-hidden /> : undefined}
        disabled={retrying}
        aria-busy={retrying}
        onClick={onRetry}
      >
        {t('common.retry')}
      </PlainButton>
    </div>
  );
}
