import { ConfigProvider } from 'antd';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useSettings } from '../../settings/store.ts';
import { useMediaQuery } from '../useMediaQuery.ts';
import { EmptyState } from '../EmptyState.tsx';
import { antdLocaleNow, loadAntdLocale } from './locale.ts';
import { InsideAntd } from './inside.ts';
import { stillThemes, themes } from './tokens.ts';

const renderEmpty = () => <EmptyState />;

/**
 * antd's ConfigProvider with the app's theme (daytime or night), the language's locale
 * pack and the app's empty state, around what draws antd's components. It is in the
 * chunk antd's components come in, never in the app shell: the shell (header, footer,
 * home and quotes) draws with its own components and CSS variables (app/theme). Nested
 * scopes add nothing: the outermost provides for all.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return useContext(InsideAntd) ? children : <Provider>{children}</Provider>;
}

function Provider({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const language = useSettings((s) => s.language);
  // Menus, drawers and notices open without sliding or zooming for someone whose system
  // asks for less motion (WCAG 2.3.3).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [locale, setLocale] = useState(() => antdLocaleNow(language));
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((next) => {
      if (current) setLocale(next);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return (
    <InsideAntd.Provider value={true}>
      <ConfigProvider
        theme={(reducedMotion ? stillThemes : themes)[theme]}
        locale={locale}
        renderEmpty={renderEmpty}
      >
        {children}
      </ConfigProvider>
    </InsideAntd.Provider>
  );
}
