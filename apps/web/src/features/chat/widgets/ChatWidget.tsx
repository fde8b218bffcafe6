import { CustomerServiceOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatUi } from '../data/chat-store.ts';
import { useMarkRead } from '../data/queries.ts';
import { useChatConnection } from '../data/useChatConnection.ts';
import styles from './chat.module.css';

const ChatDialog = lazy(() => import('./ChatDialog.tsx'));

/**
 * The floating customer-service button with its unread badge, and the dialog it opens.
 * Opening clears the badge here and on the server (seed section 4).
 */
export function ChatWidget() {
  const { t } = useTranslation('chat');
  useChatConnection();
  const open = useChatUi((s) => s.open);
  const unread = useChatUi((s) => s.unread);
  const setOpen = useChatUi((s) => s.setOpen);
  const markRead = useMarkRead();

  const toggle = () => {
    if (!open) markRead.mutate();
    setOpen(!open);
  };

  return (
    <>
      <button
        type="button"
        className={styles.launcher}
        onClick={toggle}
        aria-expanded={open}
        aria-label={unread > 0 ? t('launcherUnread', { count: unread }) : t('launcher')}
        data-testid="chat-launcher"
        data-chat-launcher
      >
        <Badge count={unread} size="small" offset={[4, -4]}>
          <CustomerServiceOutlined className={styles.launcherIcon} aria-hidden />
        </Badge>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChatDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
