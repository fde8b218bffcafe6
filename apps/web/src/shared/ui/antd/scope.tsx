import { lazy, useContext, type ComponentType, type ReactNode } from 'react';
import type * as Theme from './AntdTheme.tsx';
import { useSettings } from '../../settings/store.ts';
import { InsideAntd } from './inside.ts';
import { loadAntdLocale } from './locale.ts';

// antd's theme engine (its CSS-in-JS, ConfigProvider and the design tokens, about 35 KB of
// gzipped script with the positioning engine it brings) loads with the first thing that
// draws an antd component, never with the app shell: the shell, the home page and the
// quotes page draw with the app's own components and CSS variables.

type ThemeModule = typeof Theme;
let loading: Promise<ThemeModule> | undefined;

/**
 * Loads antd's scope (the theme provider and the current language's locale pack); what
 * renders antd's components awaits it before its first render, so they never show
 * untranslated or unthemed.
 */
export function loadAntd(): Promise<ThemeModule> {
  const language = useSettings.getState().language;
  const module = (loading ??= import('./AntdTheme.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
  return Promise.all([module, loadAntdLocale(language)]).then(([m]) => m);
}

/** A lazily loaded component, wrapped in antd's scope and loaded with it. */
export function withAntd<P extends object>(
  load: () => Promise<ComponentType<P>>,
): () => Promise<ComponentType<P>> {
  return async () => {
    const [Component, { AntdTheme }] = await Promise.all([load(), loadAntd()]);
    function Scoped(props: P) {
      return (
        <AntdTheme>
          <Component {...props} />
        </AntdTheme>
      );
    }
    Scoped.displayName = `WithAntd(${Component.displayName ?? Component.name})`;
    return Scoped;
  };
}

const LazyTheme = lazy(async () => ({ default: (await loadAntd()).AntdTheme }));

/**
 * antd's scope around a part of a page that draws without it otherwise (the home page's
 * signed-in account, the quotes page's contract tabs). Suspends while it loads: put it
 * under a Suspense boundary with the part's placeholder. Inside a scope, it adds nothing.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const inside = useContext(InsideAntd);
  if (inside) return children;
  return <LazyTheme>{children}</LazyTheme>;
}
