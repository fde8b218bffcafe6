import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { loadDateLocale } from '../shared/dates/locale.ts';
import { NoticeHost } from '../shared/feedback/NoticeHost.tsx';
import { usePlatform } from '../shared/platform/context.tsx';
import { EmptyState } from '../shared/ui/EmptyState.tsx';
import type { AppRouter } from './routes/router.tsx';
import { useSettings } from '../shared/settings/store.ts';
import { loadAntdLocale } from './theme/antd-locale.ts';
import { themes } from './theme/tokens.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * Mirrors the theme's tokens into CSS variables for the plain CSS of the layout, the body's
 * font and text colour and the links' style included (what antd's App component gave the
 * page through its wrapper; the app has no use for the rest of it, its message and modal
 * hosts).
 */
function ThemeVariables() {
  const { token } = antdTheme.useToken();
  const theme = useSettings((s) => s.theme);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme === 'night' ? 'dark' : 'light';
    root.style.setProperty('--app-bg', token.colorBgLayout);
    root.style.setProperty('--app-surface', token.colorBgContainer);
    root.style.setProperty('--app-border', token.colorBorderSecondary);
    root.style.setProperty('--app-text', token.colorText);
    root.style.setProperty('--app-text-secondary', token.colorTextSecondary);
    root.style.setProperty('--app-primary', token.colorPrimary);
    root.style.setProperty('--app-warning', token.colorWarning);
    root.style.setProperty('--app-font', token.fontFamily);
    root.style.setProperty('--app-font-size', `${token.fontSize}px`);
    root.style.setProperty('--app-line-height', String(token.lineHeight));
    root.style.setProperty('--app-link', token.colorLink);
    root.style.setProperty('--app-link-hover', token.colorLinkHover);
    root.style.setProperty('--app-link-active', token.colorLinkActive);
    root.style.setProperty('--app-focus', token.colorPrimaryBorder);
    root.style.setProperty('--app-focus-width', `${token.lineWidthFocus}px`);
    // antd's own variable, read by plain CSS outside its components (the order form's
    // error line); antd's App wrapper used to declare it for the whole page.
    root.style.setProperty('--ant-color-error', token.colorError);
    document.body.style.background = token.colorBgLayout;
  }, [theme, token]);
  return null;
}

export function App({ initialLocale, router }: { initialLocale: Locale; router: AppRouter }) {
  const { config } = usePlatform();
  const theme = useSettings((s) => s.theme);
  const language = useSettings((s) => s.language);
  const [locale, setLocale] = useState(initialLocale);

  useEffect(() => {
    let current = true;
    void Promise.all([loadAntdLocale(language), loadDateLocale(language)]).then(([next]) => {
      if (current) setLocale(next);
    });
    return () => {
      current = false;
    };
  }, [language]);

  // The page title is always the brand (seed section 2).
  useEffect(() => {
    document.title = config.brand;
  }, [config.brand]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themes[theme]} locale={locale} renderEmpty={() => <EmptyState />}>
        <ThemeVariables />
        <NoticeHost />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
