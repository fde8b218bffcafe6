import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A block whose data could not be loaded: what failed, and a retry button. */
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
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
