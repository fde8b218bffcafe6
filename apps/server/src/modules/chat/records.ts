import {
  CHAT_SUPPORT_SENDER,
  CHAT_SYSTEM_SENDER,
  formatMessage,
  type ChatRecord,
  type Language,
  type MessageId,
  type OpsConversation,
} from '@meridian/contract';
import type { ChatConversationsTable, ChatMessagesTable, ChatSystemEvent } from './tables.ts';

type MessageRow = Omit<ChatMessagesTable, 'id'> & { id: string | number };

const SYSTEM_WORDS: Record<ChatSystemEvent, MessageId> = {
  joined: 'chatSystemJoined',
  closed: 'chatSystemClosed',
};

const contentType = (value: number): 1 | 2 => (value === 2 ? 2 : 1);

/**
 * A message as the seed's chat record: the writer's `blade_user_id` (the user's id, '0'
 * for support, '-1' for the platform, never an operator's identity), and a platform
 * message's words in the reader's language.
 */
export function recordOf(row: MessageRow, userId: string, lang: Language): ChatRecord {
  return {
    id: String(row.id),
    content:
      row.sender === 'system' && row.system_event
        ? formatMessage(SYSTEM_WORDS[row.system_event], lang)
        : row.content,
    content_type: contentType(row.content_type),
    blade_user_id:
      row.sender === 'user'
        ? userId
        : row.sender === 'support'
          ? CHAT_SUPPORT_SENDER
          : CHAT_SYSTEM_SENDER,
    sender: row.sender,
    create_time: row.created_at,
  };
}

export function conversationView(row: ChatConversationsTable, operatorId: string): OpsConversation {
  return {
    id: row.id,
    userId: row.user_id,
    state: row.state,
    assignedTo: row.assigned_email,
    mine: row.assigned_to === operatorId,
    waiting: row.waiting,
    lastMessageAt: row.last_message_at,
    lastContent: row.last_content,
    lastContentType: contentType(row.last_content_type),
    closedAt: row.closed_at,
    closedBy: row.closed_by,
    closeNote: row.close_note,
  };
}
