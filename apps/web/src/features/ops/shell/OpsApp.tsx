import { Suspense, lazy } from 'react';
import { Navigate, Route, Switch } from '../../../shared/router/index.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import { PageGate } from './PageGate.tsx';
import { OpsLayout } from './OpsLayout.tsx';
import { OpsSpinner } from './OpsSpinner.tsx';
import { OPS_PAGES, opsPath } from './pages.ts';

const LoginPage = lazy(() => import('../login/LoginPage.tsx'));

/** The console's routes below /ops: its login apart, every other page inside its layout. */
export default function OpsApp() {
  return (
    <OpsApiProvider>
      <Switch>
        <Route path="/ops/login">
          <Suspense fallback={<OpsSpinner />}>
            <LoginPage />
          </Suspense>
        </Route>
        <Route>
          <OpsLayout>
            <Switch>
              {OPS_PAGES.map((page) => (
                <Route key={page.path} path={opsPath(page.path)}>
                  <PageGate page={page} />
                </Route>
              ))}
              <Route key="*">
                <Navigate to="/ops" replace />
              </Route>
            </Switch>
          </OpsLayout>
        </Route>
      </Switch>
    </OpsApiProvider>
  );
}
