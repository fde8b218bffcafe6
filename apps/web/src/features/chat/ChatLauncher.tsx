import { lazy, Suspense } from 'react';
import { loadNamespaces } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { withAntd } from '../../shared/ui/antd/scope.tsx';

// The button, its live connection and the dialog load only for a signed-in user, with
// their messages: a visitor's pages carry none of it (seed section 6: chat is for users).
const loadWidget = withAntd(async () => {
  const [module] = await Promise.all([
    import('./widgets/ChatWidget.tsx'),
    loadNamespaces(['chat']),
  ]);
  return module.ChatWidget;
});
const ChatWidget = lazy(async () => ({ default: await loadWidget() }));

/** Mounted once in the layout: the floating customer-service button and its dialog. */
export function ChatLauncher() {
  const isLogin = useSession((s) => s.isLogin);
  if (!isLogin) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
