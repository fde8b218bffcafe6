import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { NoticeHost } from '../shared/feedback/NoticeHost.tsx';
import { BrowserRouter } from '../shared/router/index.tsx';
import { usePlatform } from '../shared/platform/context.tsx';
import { AppRoutes, appRoutes } from './routes/router.tsx';
import { useSettings } from '../shared/settings/store.ts';
import { applyShellTheme } from './theme/shell-theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The theme's colours and type as CSS variables for the app's own CSS, the body's font,
 * text colour and links included. antd's components get the same theme from their own
 * scope (shared/ui/antd), loaded with the pages and parts that draw them.
 */
function ShellTheme() {
  const theme = useSettings((s) => s.theme);
  useLayoutEffect(() => applyShellTheme(theme), [theme]);
  return null;
}

const routes = appRoutes();

export function App() {
  const { config } = usePlatform();

  // The page title is always the brand (seed section 2).
  useEffect(() => {
    document.title = config.brand;
  }, [config.brand]);

  return (
    <QueryClientProvider client={queryClient}>
      <ShellTheme />
      <NoticeHost />
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
