import { lazy, Suspense } from 'react';
import { loadNamespaces } from '../../shared/i18n/index.ts';
import { withAntd } from '../../shared/ui/antd/scope.tsx';

// antd's theme scope comes with the console: the exchange's shell has none.
const OpsApp = lazy(async () => {
  const [Component] = await Promise.all([
    withAntd(async () => (await import('./shell/OpsApp.tsx')).default)(),
    loadNamespaces(['ops', 'retention']),
  ]);
  return { default: Component };
});

/** The console's addresses: /ops and everything below it. */
export const OPS_PATH = '/ops/*?';

/**
 * The console under /ops: one route outside the exchange's layout (its own header, side
 * navigation and session). It is all one lazily loaded module with its own page chunks
 * and messages, so the exchange's pages carry none of it; only this is in the shell.
 */
export function OpsRoute() {
  return (
    <Suspense fallback={<div className="page-pending" aria-busy="true" />}>
      <OpsApp />
    </Suspense>
  );
}
