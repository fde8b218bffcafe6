import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './load-page.ts';

/** Shown in place of a page that failed: a reload fetches the current build. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!(error instanceof ChunkLoadError)) console.error(error);
  return (
    <Result
      status="warning"
      title={error instanceof ChunkLoadError ? t('common.chunkFailed') : t('common.unknownError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
