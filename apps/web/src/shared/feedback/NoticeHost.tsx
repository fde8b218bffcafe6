import { App } from 'antd';
import { useEffect } from 'react';
import { notifier } from './notifier.ts';

/** Connects the app's notifier to antd's notification API once the app has mounted. */
export function NoticeHost() {
  const { notification } = App.useApp();
  useEffect(() => {
    notifier.attach({
      open: ({ key, kind, text, onClose }) =>
        notification.open({ key, type: kind, title: text, onClose, placement: 'topRight' }),
      close: (key) => notification.destroy(key),
    });
    return () => notifier.attach(null);
  }, [notification]);
  return null;
}
