import { lazy, Suspense, useEffect, useState } from 'react';
import { notifier, type NoticeSink } from './notifier.ts';
import { withAntd } from '../ui/antd/scope.tsx';

/** What the notifier asked of its sink before antd's notices were there to draw it. */
export type NoticeCall =
  { type: 'open'; notice: Parameters<NoticeSink['open']>[0] } | { type: 'close'; key: string };

const loadNotices = withAntd(async () => (await import('./AntdNotices.tsx')).default);
const AntdNotices = lazy(async () => ({ default: await loadNotices() }));

/**
 * The app's notices. antd's notification API (about 8 KB of gzipped script) loads with the
 * first notice rather than with every page: until it is there, the notifier's requests
 * wait in order and are shown as soon as it has loaded.
 */
export function NoticeHost() {
  const [queued, setQueued] = useState<NoticeCall[] | null>(null);
  useEffect(() => {
    const calls: NoticeCall[] = [];
    notifier.attach({
      open: (notice) => {
        calls.push({ type: 'open', notice });
        setQueued(calls);
      },
      close: (key) => void calls.push({ type: 'close', key }),
    });
    return () => notifier.attach(null);
  }, []);
  if (!queued) return null;
  return (
    <Suspense fallback={null}>
      <AntdNotices queued={queued} />
    </Suspense>
  );
}
