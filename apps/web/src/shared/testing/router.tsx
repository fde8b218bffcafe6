import { useState, type ReactElement, type ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Where } from '../router/index.tsx';

export interface TestRoute {
  path: string;
  element: ReactNode;
}

export interface TestRouter {
  /** The routes, inside a router at the entry's address. */
  element: ReactElement;
  /** Where the router is now (after the page's own navigations). */
  readonly location: Where;
}

function split(entry: string): Where {
  const at = entry.indexOf('?');
  return at < 0
    ? { pathname: entry, search: '' }
    : { pathname: entry.slice(0, at), search: entry.slice(at) };
}

/** Routes in memory, starting at `entry`: the first route whose path matches renders. */
export function testRouter(routes: readonly TestRoute[], entry = '/'): TestRouter {
  const memory = memoryLocation({ path: entry, record: true });
  return {
    element: (
      <Router hook={memory.hook}>
        <Switch>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path}>
              {element}
            </Route>
          ))}
        </Switch>
      </Router>
    ),
    get location() {
      return split(memory.history.at(-1) ?? entry);
    },
  };
}

/** Whatever it holds, rendered at `entry` in a memory router. */
export function MemoryRouter({ entry = '/', children }: { entry?: string; children: ReactNode }) {
  const [memory] = useState(() => memoryLocation({ path: entry }));
  return <Router hook={memory.hook}>{children}</Router>;
}
