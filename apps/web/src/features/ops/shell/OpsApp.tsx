import { Suspense, lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { OpsApiProvider } from '../session/context.tsx';
import { PageGate } from './PageGate.tsx';
import { OpsLayout } from './OpsLayout.tsx';
import { OpsSpinner } from './OpsSpinner.tsx';
import { OPS_PAGES } from './pages.ts';

const LoginPage = lazy(() => import('../login/LoginPage.tsx'));

/**
 * The console's routes below /ops: its login apart, every other page inside its layout
 * and permission gate. Route objects through useRoutes rather than <Routes> elements: the
 * router already carries useRoutes, so the exchange's react chunk gains nothing.
 */
const ROUTES: RouteObject[] = [
  {
    path: 'login',
    element: (
      <Suspense fallback={<OpsSpinner />}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    element: <OpsLayout />,
    children: [
      ...OPS_PAGES.map((page): RouteObject =>
        page.path === ''
          ? { index: true, element: <PageGate page={page} /> }
          : { path: page.path, element: <PageGate page={page} /> },
      ),
      { path: '*', element: <Navigate to="/ops" replace /> },
    ],
  },
];

export default function OpsApp() {
  return <OpsApiProvider>{useRoutes(ROUTES)}</OpsApiProvider>;
}
