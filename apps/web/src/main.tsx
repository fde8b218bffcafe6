import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client.ts';
import { App } from './App.tsx';
import { currentLanguage, initI18n, storedLanguage } from './i18n/index.ts';
import { PlatformProvider } from './platform/context.tsx';
import { loadPlatformConfig } from './platform/config.ts';
import { unreachableMessage } from './platform/unreachable.ts';
import { useSettings } from './settings/store.ts';
import { loadAntdLocale } from './theme/antd-locale.ts';
import './styles.css';

async function start() {
  const config = await loadPlatformConfig();
  document.title = config.brand;
  const saved = storedLanguage();
  const language =
    saved && config.languages.some((l) => l.code === saved) ? saved : config.defaultLanguage;
  const [, antdLocale] = await Promise.all([initI18n(language), loadAntdLocale(language)]);
  useSettings.setState({ language });

  const api = createApiClient({
    apiRoot: config.apiRoot,
    head: config.head,
    language: currentLanguage,
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <PlatformProvider value={{ config, api }}>
        <App initialLocale={antdLocale} />
      </PlatformProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Nothing of the app can render without its configuration; say so plainly.
  const note = document.createElement('p');
  note.style.cssText = 'font:16px system-ui,sans-serif;padding:24px';
  note.textContent = unreachableMessage(storedLanguage());
  document.getElementById('root')?.replaceChildren(note);
  console.error(error);
});
