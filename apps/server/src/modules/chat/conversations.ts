import { randomUUID } from 'node:crypto';
import {
  CHAT_MAX_CHARS,
  MQTT_TOPICS,
  type ChatRecord,
  type ChatState,
  type FileContent,
  type Language,
} from '@meridian/contract';
import { chatPreview, chatTextProblem } from '@meridian/core';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { IdentityService } from '../identity/index.ts';
import { isUniqueViolation } from '../identity/index.ts';
import type { VerificationService } from '../verification/index.ts';
import { recordOf } from './records.ts';
import type { ChatConversationsTable, ChatDb, ChatMessagesTable } from './tables.ts';

/** What a user's image message is uploaded as (`cgform-api/upload/file`, type `chat`). */
export const USER_IMAGE_PURPOSE = 'chat';
/** What an operator's image is stored as, under the conversation's user (never sendable by them). */
export const SUPPORT_IMAGE_PURPOSE = 'chatReply';

export interface MessageInput {
  content: string;
  contentType: 1 | 2;
}

/** Tells the user's sockets and MQTT topic about a message, once it is committed. */
export type ChatPush = (userId: string, record: ChatRecord, unread: number) => void;

export interface ChatDeps {
  db: ChatDb;
  clock: Clock;
  identity: Pick<IdentityService, 'chatKeyOf' | 'chatKeyOwner'>;
  verification: Pick<VerificationService, 'uploads'>;
  push: ChatPush;
}

/** Refuses a text by the shared rule (seed section 5), naming the field. */
export function checkText(content: string): void {
  const problem = chatTextProblem(content, CHAT_MAX_CHARS);
  if (problem === 'empty') throw new AppError('validation', 'chatContentEmpty', {}, 'content');
  if (problem === 'tooLong') {
    throw new AppError('validation', 'chatContentTooLong', { max: CHAT_MAX_CHARS }, 'content');
  }
}

/** The queue's preview of a message: the text on one line, or nothing for an image. */
export const previewOf = (input: MessageInput) =>
  input.contentType === 1 ? chatPreview(input.content) : '';

/**
 * The user's side of the chat: their own conversation only, found by their own chat key
 * (a key that is not the caller's is refused the same whether or not it exists), the
 * counters moved in the transaction of each message, and the push after the commit.
 */
export function createConversations(deps: ChatDeps) {
  const { db, clock, identity, verification, push } = deps;

  const conversationOf = (userId: string) =>
    db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();

  /** The caller's chat key, refusing any other (seed: another user's chat key). */
  async function ownKey(userId: string, presented: string): Promise<string> {
    const key = await identity.chatKeyOf(userId);
    if (!key || key !== presented) throw new AppError('forbidden', 'chatKeyRefused');
    return key;
  }

  async function stateOf(userId: string): Promise<ChatState> {
    const key = await identity.chatKeyOf(userId);
    if (!key) throw new AppError('unauthorized');
    const row = await conversationOf(userId);
    return {
      chatKey: key,
      topic: MQTT_TOPICS.chat(key),
      unread: row?.user_unread ?? 0,
      state: row?.state ?? 'none',
    };
  }

  /** The conversation of the user, made on their first message (a race: one insert wins). */
  async function ensureConversation(userId: string): Promise<ChatConversationsTable> {
    const existing = await conversationOf(userId);
    if (existing) return existing;
    const now = iso(clock.now());
    const row: ChatConversationsTable = {
      id: randomUUID(),
      user_id: userId,
      state: 'open',
      assigned_to: null,
      assigned_email: null,
      waiting: 0,
      user_unread: 0,
      last_message_at: now,
      last_content: '',
      last_content_type: 1,
      closed_at: null,
      closed_by: null,
      close_note: null,
      created_at: now,
    };
    try {
      await db.insertInto('chat_conversations').values(row).execute();
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const won = await conversationOf(userId);
      if (!won) throw error;
      return won;
    }
  }

  return {
    ownKey,
    stateOf,

    async markRead(userId: string): Promise<ChatState> {
      await db
        .updateTable('chat_conversations')
        .set({ user_unread: 0 })
        .where('user_id', '=', userId)
        .execute();
      return stateOf(userId);
    },

    async send(userId: string, chatId: string, input: MessageInput): Promise<ChatRecord> {
      await ownKey(userId, chatId);
      if (input.contentType === 1) {
        checkText(input.content);
      } else {
        const file = /^[0-9a-f-]{36}$/i.test(input.content)
          ? await verification.uploads.ownUpload(userId, input.content, USER_IMAGE_PURPOSE)
          : null;
        if (!file) throw new AppError('validation', 'chatImageUnknown', {}, 'content');
      }
      const conversation = await ensureConversation(userId);
      const now = iso(clock.now());
      const row: Omit<ChatMessagesTable, 'id'> = {
        conversation_id: conversation.id,
        sender: 'user',
        operator_id: null,
        operator_email: null,
        content: input.content,
        content_type: input.contentType,
        system_event: null,
        created_at: now,
      };
      const { id, unread } = await db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('chat_messages')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        // A closed conversation opens again, back in the unassigned queue; the counters
        // move by SQL arithmetic, so parallel messages each count.
        await tx
          .updateTable('chat_conversations')
          .set((eb) => ({
            waiting: eb('waiting', '+', 1),
            last_message_at: now,
            last_content: previewOf(input),
            last_content_type: input.contentType,
          }))
          .where('id', '=', conversation.id)
          .execute();
        await tx
          .updateTable('chat_conversations')
          .set({
            state: 'open',
            assigned_to: null,
            assigned_email: null,
            closed_at: null,
            closed_by: null,
            close_note: null,
          })
          .where('id', '=', conversation.id)
          .where('state', '=', 'closed')
          .execute();
        const after = await tx
          .selectFrom('chat_conversations')
          .select('user_unread')
          .where('id', '=', conversation.id)
          .executeTakeFirstOrThrow();
        return { id: inserted.id, unread: after.user_unread };
      });
      const record = recordOf({ ...row, id }, userId, 'en');
      push(userId, record, unread);
      return record;
    },

    /** A page of the caller's own chat, newest first. */
    async page(userId: string, chatKey: string, current: number, size: number, lang: Language) {
      await ownKey(userId, chatKey);
      const conversation = await conversationOf(userId);
      if (!conversation) return { records: [], total: 0, current, size };
      const [rows, count] = await Promise.all([
        db
          .selectFrom('chat_messages')
          .selectAll()
          .where('conversation_id', '=', conversation.id)
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
        db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('conversation_id', '=', conversation.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((row) => recordOf(row, userId, lang)),
        total: Number(count.n),
        current,
        size,
      };
    },

    /** An image of the caller's own chat, theirs or support's; any other is unknown. */
    async image(userId: string, chatKey: string, fileId: string): Promise<FileContent> {
      await ownKey(userId, chatKey);
      const conversation = await conversationOf(userId);
      const sent = conversation
        ? await db
            .selectFrom('chat_messages')
            .select('id')
            .where('conversation_id', '=', conversation.id)
            .where('content_type', '=', 2)
            .where('content', '=', fileId)
            .executeTakeFirst()
        : undefined;
      if (!sent) throw new AppError('notFound');
      const {
        userId: _owner,
        purpose: _purpose,
        ...content
      } = await verification.uploads.content(fileId);
      return content;
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;
