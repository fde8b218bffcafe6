import type { Generated, Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the chat tables (migration 0080), named as in SQL. */

export type ConversationState = 'open' | 'closed';

export interface ChatConversationsTable {
  id: string;
  /** One conversation per user, for as long as the account lives. */
  user_id: string;
  state: ConversationState;
  /** The operator answering it; null while it waits in the unassigned queue. */
  assigned_to: string | null;
  assigned_email: string | null;
  /** The user's messages since support last wrote (the queue's "waiting"). */
  waiting: number;
  /** Support's and the platform's messages the user has not seen (the dialog's badge). */
  user_unread: number;
  last_message_at: string;
  last_content: string;
  last_content_type: number;
  closed_at: string | null;
  closed_by: string | null;
  close_note: string | null;
  created_at: string;
}

export type ChatSender = 'user' | 'support' | 'system';
/** What a platform message says; its words are the reader's language's at read time. */
export type ChatSystemEvent = 'joined' | 'closed';

export interface ChatMessagesTable {
  /** Increasing: the order messages were written in, and the paging key. */
  id: Generated<string | number>;
  conversation_id: string;
  sender: ChatSender;
  /** The operator who wrote a support message. */
  operator_id: string | null;
  operator_email: string | null;
  /** Text, or an image's upload id; empty for a platform message. */
  content: string;
  content_type: number;
  system_event: ChatSystemEvent | null;
  created_at: string;
}

export interface ChatCannedRepliesTable {
  id: string;
  title: string;
  content: string;
  updated_at: string;
  updated_by: string;
}

export type ChatTables = {
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_canned_replies: ChatCannedRepliesTable;
};

export type ChatDb = Kysely<ChatTables & KernelTables>;
