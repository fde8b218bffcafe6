import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../shared/api/client.ts';
import i18next from 'i18next';
import { App } from './App.tsx';
import { createErrorPopup } from '../shared/feedback/error-popup.ts';
import { notifier } from '../shared/feedback/notifier.ts';
import {
  currentLanguage,
  firstLanguage,
  initI18n,
  preloadMessages,
  storedLanguage,
} from '../shared/i18n/index.ts';
import { PlatformProvider } from '../shared/platform/context.tsx';
import { checkPlatformConfig, loadPlatformConfig } from '../shared/platform/config.ts';
import { unreachableMessage } from '../shared/platform/unreachable.ts';
import { navigateTo, pageAt } from './routes/router.tsx';
import { preloadHeader } from './layout/header/header-parts.tsx';
import { startSessionKeeper } from '../features/identity/index.ts';
import { useSession } from '../shared/session/store.ts';
import { deviceId } from '../shared/session/token-storage.ts';
import { initialSettings, useSettings } from '../shared/settings/store.ts';
import { loadAntd } from '../shared/ui/antd/scope.tsx';
import 'nprogress/nprogress.css';
import './styles.css';

async function start() {
  const config = await loadPlatformConfig();
  document.title = config.brand;
  const language = firstLanguage(config);
  // The shell renders once its own messages are here (the page's place held, see the
  // router). They are asked for first: on a connection that takes a few requests at a
  // time, the page's files would otherwise go before them. The shell draws without antd
  // (its theme engine, the language's antd locale and dayjs's come with the pages that
  // draw antd's components: shared/ui/antd).
  const shellReady = initI18n(language);
  preloadMessages(language, ['common']);
  // The header's parts this screen shows are fetched beside them. The first page's module
  // and messages are asked for once the shell's files are here, while the shell renders
  // (the router's own load of the page then finds them loading or loaded; a failure is
  // the router's to show); the page renders when they have arrived, in a task of its own.
  // Asked for with the shell's files, the page's forty-odd files shared the link and the
  // main thread with them: on a throttled phone (150 ms, 1.6 Mbps, CPU / 4) the shell
  // painted at 3.6 s on the home page and 4.8 s on the trade page, and 2.8 s on both
  // asked for after; the pages themselves showed sooner too (3.9 -> 3.7 s, 5.6 -> 4.8 s).
  const page = pageAt(window.location.pathname);
  preloadHeader({ signedIn: useSession.getState().token !== null });
  await shellReady;
  const languageName = config.languages.find((l) => l.code === language)?.name ?? language;
  useSettings.setState({
    ...initialSettings(config.timezone, language),
    language,
    languageName,
  });
  page?.load().catch(() => undefined);
  if (page && !page.withoutAntd) loadAntd().catch(() => undefined);
  preloadMessages(language, page?.namespaces ?? []);
  // Asking for the page's files adds a link to the document for each of them (forty-odd on
  // the trade page): the shell is mounted in the next task, so neither lengthens the other.
  await nextTask();

  const api = createApiClient({
    apiRoot: config.apiRoot,
    head: config.head,
    language: currentLanguage,
    token: () => useSession.getState().token,
    deviceId,
    rules: {
      logout: () => useSession.getState().logout(),
      navigate: navigateTo,
      showError: createErrorPopup({ notifier }),
      unknownError: () => i18next.t('common.unknownError'),
    },
  });

  startSessionKeeper(api);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // A transition renders in slices, yielding to the browser every few milliseconds, so
  // the first render of the shell and page is not one long task that blocks input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <PlatformProvider value={{ config, api }}>
          <App />
        </PlatformProvider>
      </StrictMode>,
    ),
  );
  // Checked against the contract while the first screen draws (checkPlatformConfig); one
  // the contract refuses ends the app as an unreachable platform does.
  await checkPlatformConfig(config).catch((error: unknown) => {
    root.unmount();
    throw error;
  });
}

/** Resolves in a task of its own, after what the browser has waiting (a paint, a tap). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

start().catch((error: unknown) => {
  // Nothing of the app can render without its configuration; say so plainly.
  const note = document.createElement('p');
  note.style.cssText = 'font:16px system-ui,sans-serif;padding:24px';
  note.textContent = unreachableMessage(storedLanguage());
  document.getElementById('root')?.replaceChildren(note);
  console.error(error);
});
