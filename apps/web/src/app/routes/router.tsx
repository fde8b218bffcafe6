import { Fragment, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchPath,
  Navigate,
  useLocation,
  type RouteObject,
} from 'react-router';
import { AppLayout } from '../layout/AppLayout.tsx';
import { opsRoute } from '../../features/ops/index.ts';
import { loadNamespaces } from '../../shared/i18n/index.ts';
import { loadAntd } from '../../shared/ui/antd/scope.tsx';
import { useSession } from '../../shared/session/store.ts';
import { loadPageModule } from './load-page.ts';
import { accessRedirect } from './menus.ts';
import { fallbackTarget, safeRedirect } from './redirects.ts';
import { PAGES, type Access, type PageEntry } from './registry.ts';
import { PageSpinner } from './PageSpinner.tsx';
import { RouteError } from './RouteError.tsx';
import { shellPainted } from './shell-paint.ts';

function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const isLogin = useSession((s) => s.isLogin);
  const restoring = useSession((s) => s.restoring);
  const { pathname, search } = useLocation();
  // A stored session is still being checked: decide once it is known.
  if (restoring && access !== 'public') return <PageSpinner />;
  const redirect = accessRedirect(access, isLogin);
  if (redirect === '/user/login') {
    return (
      <Navigate to={`/user/login?redirect=${encodeURIComponent(pathname + search)}`} replace />
    );
  }
  if (redirect && access === 'guest') {
    // Just logged in on the login page: go where the visitor was heading.
    return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'))} replace />;
  }
  return redirect ? <Navigate to={redirect} replace /> : children;
}

/** Unknown paths: an invitation link registers with its code, anything else goes home. */
function Fallback() {
  const { pathname } = useLocation();
  return <Navigate to={fallbackTarget(pathname)} replace />;
}

function pageRoute(page: PageEntry): RouteObject {
  return {
    path: page.path,
    lazy: async () => {
      // The page's messages come with its module, so it never renders untranslated keys;
      // antd's theme scope too, unless the page draws without antd.
      const [Page, Scope] = await loadPageModule(async () => {
        const [module, scope] = await Promise.all([
          page.load(),
          page.withoutAntd ? undefined : loadAntd(),
          loadNamespaces(page.namespaces ?? []),
          shellPainted(),
        ]);
        return [module, scope?.AntdTheme ?? Fragment] as const;
      });
      return {
        Component: () => (
          <AccessGuard access={page.access}>
            <Scope>
              <Page />
            </Scope>
          </AccessGuard>
        ),
      };
    },
  };
}

/** The page a path opens, if any (what main.tsx starts loading before the router exists). */
export function pageAt(
  pathname: string,
  pages: readonly PageEntry[] = PAGES,
): PageEntry | undefined {
  return pages.find((page) => matchPath(page.path, pathname));
}

export function createAppRouter(pages: readonly PageEntry[] = PAGES) {
  return createBrowserRouter([
    // The operator console: its own layout and session, loaded only when opened.
    { ...opsRoute, errorElement: <RouteError /> },
    {
      element: <AppLayout />,
      // A failed page keeps the header and footer around its error.
      children: [
        {
          errorElement: <RouteError />,
          // The first page's module is still loading: the shell (header, banner, footer)
          // paints at once around a place held for the page, instead of nothing at all.
          hydrateFallbackElement: <div className="page-pending" aria-busy="true" />,
          children: [
            { path: '/', element: <Navigate to="/home" replace /> },
            { path: '/home', element: <Navigate to="/home/index" replace /> },
            ...pages.map(pageRoute),
            { path: '*', element: <Fallback /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
