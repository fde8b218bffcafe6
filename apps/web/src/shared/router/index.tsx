import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { parse as parsePattern } from 'regexparam';
import {
  matchRoute,
  Router,
  useLocation as useWouterLocation,
  useSearch,
  type BaseLocationHook,
} from 'wouter';
import { navigate as historyNavigate } from 'wouter/use-browser-location';

// Routing is wouter's (about 2 KB of gzipped script where react-router took 13 KB of
// every first visit). This module adds what the app relies on and wouter leaves out:
// the address as `{ pathname, search }`, an imperative navigate, path matching outside
// React, and a browser location whose changes render as a transition, so the page being
// left stays on screen until the next page's module has loaded (wouter's own location
// updates synchronously, which would show the pending placeholder instead).

// `Navigate` goes to `to` once rendered: a redirect.
export { Link, Redirect as Navigate, Route, Switch, useParams, useSearchParams } from 'wouter';

/** What a link to an address of the app takes: an anchor's attributes, and where to. */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/** Where the browser is: the path and the query (with its `?`, as `location.search`). */
export interface Where {
  pathname: string;
  search: string;
}

const here = (): Where => ({ pathname: window.location.pathname, search: window.location.search });

const BrowserWhere = createContext<Where | null>(null);

// wouter's browser location patches pushState and replaceState to dispatch these.
const CHANGES = ['popstate', 'pushState', 'replaceState'] as const;

const useTransitionPath: BaseLocationHook = () => [
  useContext(BrowserWhere)?.pathname ?? window.location.pathname,
  historyNavigate,
];

function useTransitionSearch(): string {
  return useContext(BrowserWhere)?.search ?? window.location.search;
}

/** The app's router: the browser's address, each change rendered as a transition. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [where, setWhere] = useState(here);
  useEffect(() => {
    const follow = () => startTransition(() => setWhere(here()));
    for (const change of CHANGES) window.addEventListener(change, follow);
    // A change between the first render and this effect.
    follow();
    return () => {
      for (const change of CHANGES) window.removeEventListener(change, follow);
    };
  }, []);
  return (
    <BrowserWhere.Provider value={where}>
      <Router hook={useTransitionPath} searchHook={useTransitionSearch}>
        {children}
      </Router>
    </BrowserWhere.Provider>
  );
}

/** The current address, as `window.location` gives it: its path and its query. */
export function useLocation(): Where {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

export type NavigateTo = (to: string, options?: { replace?: boolean }) => void;

/** Goes to an address of the app (a path with its query), adding or replacing an entry. */
export function useNavigate(): NavigateTo {
  return useWouterLocation()[1];
}

/**
 * Whether `pathname` is one a route of `pattern` opens, matched as a Route matches it
 * (case-insensitively, a trailing slash allowed).
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  return matchRoute(parsePattern, pattern, pathname)[0];
}
