import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userEvents } from '../../../shared/realtime/user-events.ts';
import { useSession } from '../../../shared/session/store.ts';
import { listenToChat } from './chat-feed.ts';
import { useChatUi } from './chat-store.ts';
import { chatKeys, useChatState, useMarkRead } from './queries.ts';

/**
 * Keeps the chat live while someone is signed in, from the user socket the layout keeps
 * open (no socket of its own): the unread badge starts from the server's count, a pushed
 * message reloads the transcript, and one from support or the platform raises the badge
 * while the dialog is closed, or is marked read at once while it is open (seed section 4).
 * The user's own messages never count.
 */
export function useChatConnection() {
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  const state = useChatState();
  const markRead = useMarkRead();
  const markReadNow = markRead.mutate;
  const setUnread = useChatUi((s) => s.setUnread);
  const serverUnread = state.data?.unread;

  useEffect(() => {
    if (serverUnread === undefined) return;
    if (useChatUi.getState().open) {
      if (serverUnread > 0) markReadNow();
    } else {
      setUnread(serverUnread);
    }
  }, [serverUnread, setUnread, markReadNow]);

  useEffect(() => {
    if (!isLogin) return;
    return listenToChat(userEvents, {
      onReady: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      onChat: ({ record, unread }) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        if (record.sender === 'user') return;
        if (useChatUi.getState().open) markReadNow();
        else setUnread(unread);
      },
    });
  }, [isLogin, queryClient, setUnread, markReadNow]);
}
