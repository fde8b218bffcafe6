import { StopOutlined } from '@ant-design/icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../shared/ui/Result.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { OpsSpinner } from './OpsSpinner.tsx';
import type { OpsPage } from './pages.ts';

/**
 * A page the role may not open says so instead of loading (a typed-in address: the
 * navigation never offers it); the server would refuse its calls anyway.
 */
export function PageGate({ page }: { page: OpsPage }) {
  const { t } = useTranslation('ops');
  const allowed = useOpsSession((s) => s.permissions.includes(page.permission));
  if (!allowed) {
    return <Result tone="warning" icon={<StopOutlined />} title={t('shell.forbidden')} />;
  }
  return (
    <Suspense fallback={<OpsSpinner />}>
      <page.Component />
    </Suspense>
  );
}
