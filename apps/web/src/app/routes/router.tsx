import {
  Component,
  Fragment,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  Navigate,
  pathMatches,
  Route,
  Switch,
  useLocation,
  useNavigate,
} from '../../shared/router/index.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { OPS_PATH, OpsRoute } from '../../features/ops/index.ts';
import { loadNamespaces } from '../../shared/i18n/index.ts';
import { loadAntd } from '../../shared/ui/antd/scope.tsx';
import { useSession } from '../../shared/session/store.ts';
import { ChunkLoadError, loadPageModule } from './load-page.ts';
import { accessRedirect } from './menus.ts';
import { fallbackTarget, safeRedirect } from './redirects.ts';
import { PAGES, type Access, type PageEntry } from './registry.ts';
import { PageSpinner } from './PageSpinner.tsx';
import { RouteError } from './RouteError.tsx';
import { shellPainted } from './shell-paint.ts';

// The app's routes are a Switch of Routes inside the BrowserRouter (App.tsx): a page's
// module is a React.lazy component behind a Suspense boundary. Each route is keyed by its
// path, so moving between two routes that render the same kind of element (two
// redirects) mounts the second anew.

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

/**
 * A page that failed (its module did not load, or it threw while rendering) shows
 * RouteError in its place; the header and footer stay. Going to another address clears it
 * (`at`), as the boundary stays mounted: the page being left shows until the next has
 * loaded, never a blank.
 */
export class PageErrorBoundary extends Component<
  { at: string; children: ReactNode },
  { error: unknown; at: string }
> {
  override state = { error: undefined as unknown, at: this.props.at };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { at: string },
    state: { error: unknown; at: string },
  ): Partial<{ error: unknown; at: string }> | null {
    return props.at === state.at ? null : { error: undefined, at: props.at };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A failed chunk is said on the page; anything else is a defect worth a trace.
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/** A failure of what it holds is shown in its place, until the address changes. */
function Failsafe({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary at={pathname}>{children}</PageErrorBoundary>;
}

/** Where pages render: the first one's place is held while its module loads. */
function PageOutlet({ children }: { children: ReactNode }) {
  return (
    <Failsafe>
      <Suspense fallback={<div className="page-pending" aria-busy="true" />}>{children}</Suspense>
    </Failsafe>
  );
}

/**
 * A page entry's component: its module, messages and (unless it draws without antd)
 * antd's theme scope load together behind the progress bar, so it never renders with
 * untranslated keys. The first page also waits for the shell to have painted, so the
 * shell's render and the page's are two tasks.
 */
function lazyPage(page: PageEntry): ComponentType {
  return lazy(async () => {
    const [Page, Scope] = await loadPageModule(async () => {
      const [module, scope] = await Promise.all([
        page.load(),
        page.withoutAntd ? undefined : loadAntd(),
        loadNamespaces(page.namespaces ?? []),
        shellPainted(),
      ]);
      return [module, scope?.AntdTheme ?? Fragment] as const;
    });
    function Guarded() {
      return (
        <AccessGuard access={page.access}>
          <Scope>
            <Page />
          </Scope>
        </AccessGuard>
      );
    }
    return { default: Guarded };
  });
}

/** The page a path opens, if any (what main.tsx starts loading before the first render). */
export function pageAt(
  pathname: string,
  pages: readonly PageEntry[] = PAGES,
): PageEntry | undefined {
  return pages.find((page) => pathMatches(page.path, pathname));
}

/** The exchange's routes: the console apart, every page inside the app's layout. */
export function appRoutes(pages: readonly PageEntry[] = PAGES): ReactNode {
  return (
    <Switch>
      <Route path={OPS_PATH}>
        <Failsafe>
          <OpsRoute />
        </Failsafe>
      </Route>
      <Route>
        <AppLayout>
          <PageOutlet>
            <Switch>
              <Route key="/" path="/">
                <Navigate to="/home" replace />
              </Route>
              <Route key="/home" path="/home">
                <Navigate to="/home/index" replace />
              </Route>
              {pages.map((page) => {
                const Page = lazyPage(page);
                return (
                  <Route key={page.path} path={page.path}>
                    <Page />
                  </Route>
                );
              })}
              <Route key="*">
                <Fallback />
              </Route>
            </Switch>
          </PageOutlet>
        </AppLayout>
      </Route>
    </Switch>
  );
}

let navigateOutside: (path: string) => void = (path) => window.location.assign(path);

/** Navigates from outside React (the API client's rules: a lost session goes to login). */
export function navigateTo(path: string): void {
  navigateOutside(path);
}

/** Renders the app's routes; mounted once inside the BrowserRouter. */
export function AppRoutes({ routes }: { routes: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutside = (path) => navigate(path);
  }, [navigate]);
  return routes;
}
