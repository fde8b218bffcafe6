import { Button, notification as antdNotification } from 'antd';
import { useEffect } from 'react';
import { followHeaderOnScroll, placeNoticesBelowHeader } from './notice-placement.ts';
import { notifier, type NoticeKind, type NoticeSink } from './notifier.ts';
import type { NoticeCall } from './NoticeHost.tsx';
import './notices.css';

/** Notices open top right, at most 4 at once (seed section 9). */
const NOTICE_CONFIG = { top: 64, maxCount: 4 } as const;

/** Good news goes sooner than a fault the user has to read. */
const DURATION_S: Record<NoticeKind, number> = { success: 3, info: 3, warning: 4.5, error: 4.5 };

/**
 * antd's notices, in their holder inside the app's theme and locale: they take over the
 * app's notifier, first showing what was asked while they loaded (see NoticeHost).
 */
export default function AntdNotices({ queued }: { queued: NoticeCall[] }) {
  const [notification, holder] = antdNotification.useNotification(NOTICE_CONFIG);
  useEffect(() => {
    const sink: NoticeSink = {
      open: ({ key, kind, text, onClose, action }) => {
        placeNoticesBelowHeader();
        notification.open({
          key,
          type: kind,
          title: text,
          onClose,
          placement: 'topRight',
          duration: DURATION_S[kind],
          ...(action
            ? {
                actions: (
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => {
                      notification.destroy(key);
                      action.onClick();
                    }}
                  >
                    {action.label}
                  </Button>
                ),
              }
            : {}),
        });
      },
      close: (key) => notification.destroy(key),
    };
    for (const call of queued.splice(0)) {
      if (call.type === 'open') sink.open(call.notice);
      else sink.close(call.key);
    }
    notifier.attach(sink);
    return () => notifier.attach(null);
  }, [notification, queued]);
  useEffect(followHeaderOnScroll, []);
  return holder;
}
