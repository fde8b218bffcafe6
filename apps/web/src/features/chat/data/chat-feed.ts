import type { ChatRecord } from '@meridian/contract/calls/chat';
import type { UserSocketEvent } from '../../../shared/realtime/user-events.ts';

export interface ChatPush {
  record: ChatRecord;
  /** The server's count of support's and the platform's messages the user has not seen. */
  unread: number;
}

export interface ChatFeedOptions {
  /** A chat message of this user's conversation (theirs from another device, or support's). */
  onChat: (push: ChatPush) => void;
  /** The socket (re)authenticated: messages missed while away are read again. */
  onReady: () => void;
}

/**
 * The chat's share of the user socket (`/ws/coin/{userId}`, kept open by the layout): a
 * chat message the moment it is written, so the dialog and its unread badge never wait
 * for a reload; and, after a reconnect's `ready`, a reload of what may have been missed.
 */
export function listenToChat(
  events: { subscribe(listener: (event: UserSocketEvent) => void): () => void },
  options: ChatFeedOptions,
): () => void {
  return events.subscribe((event) => {
    if (event.type === 'ready') options.onReady();
    if (event.type === 'chat') options.onChat({ record: event.record, unread: event.unread });
  });
}
