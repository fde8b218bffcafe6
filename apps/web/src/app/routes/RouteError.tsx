import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../shared/ui/PlainButton.tsx';
import { Result } from '../../shared/ui/Result.tsx';
import { ChunkLoadError } from './load-page.ts';

/** Shown in place of a page that failed: a reload fetches the current build. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Result
      tone="warning"
      icon={<WarningFilled />}
      title={error instanceof ChunkLoadError ? t('common.chunkFailed') : t('common.unknownError')}
      extra={
        <PlainButton kind="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </PlainButton>
      }
    />
  );
}
