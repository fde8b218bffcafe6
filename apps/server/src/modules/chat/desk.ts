import { randomUUID } from 'node:crypto';
import type {
  CannedReply,
  ChatRecord,
  ChatView,
  FileContent,
  Language,
  OpsConversation,
} from '@meridian/contract';
import type { Transaction } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditEntry, AuditExecutor } from '../../kernel/operators/audit.ts';
import type { VerificationService } from '../verification/index.ts';
import {
  checkText,
  previewOf,
  SUPPORT_IMAGE_PURPOSE,
  type ChatPush,
  type MessageInput,
} from './conversations.ts';
import { conversationView, recordOf } from './records.ts';
import type {
  ChatConversationsTable,
  ChatDb,
  ChatMessagesTable,
  ChatSystemEvent,
  ChatTables,
} from './tables.ts';

/** The operator acting, and how their step is written to the audit log (in its transaction). */
export interface DeskActor {
  operatorId: string;
  email: string;
  /** `targetType` defaults to the conversation. */
  audit(
    tx: AuditExecutor,
    entry: Omit<AuditEntry, 'targetType'> & { targetType?: string },
  ): Promise<void>;
}

type Tx = Transaction<ChatTables & KernelTables>;

/**
 * The operators' chat desk: the queue (unassigned, mine, all), a claim that one operator
 * wins (a conditional update), replies and closing only by the holder, each step with its
 * audit row in its own transaction, the user told after the commit. Messages are only
 * ever added: nothing here edits or deletes one.
 */
export function createDesk(deps: {
  db: ChatDb;
  clock: Clock;
  verification: Pick<VerificationService, 'uploads'>;
  push: ChatPush;
}) {
  const { db, clock, verification, push } = deps;

  async function find(id: string): Promise<ChatConversationsTable> {
    const row = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** Why the actor may not write in this conversation now, if they may not. */
  function refuseUnlessHeld(row: ChatConversationsTable, actor: DeskActor): void {
    if (row.state === 'closed') throw new AppError('conflict', 'chatAlreadyClosed');
    if (row.assigned_to === null) throw new AppError('conflict', 'chatNotClaimed');
    if (row.assigned_to !== actor.operatorId) {
      throw new AppError('conflict', 'chatClaimedByOther', {
        operator: row.assigned_email ?? '',
      });
    }
  }

  /** Adds a message in `tx`; support's and the platform's raise the user's unread count. */
  async function addMessage(
    tx: Tx,
    conversation: ChatConversationsTable,
    message: Omit<ChatMessagesTable, 'id' | 'conversation_id' | 'created_at'>,
  ) {
    const now = iso(clock.now());
    const row = { ...message, conversation_id: conversation.id, created_at: now };
    const inserted = await tx
      .insertInto('chat_messages')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('chat_conversations')
      .set((eb) => ({ user_unread: eb('user_unread', '+', 1) }))
      .where('id', '=', conversation.id)
      .execute();
    return { ...row, id: inserted.id };
  }

  async function unreadOf(id: string): Promise<number> {
    const row = await db
      .selectFrom('chat_conversations')
      .select('user_unread')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.user_unread;
  }

  const system = (event: ChatSystemEvent) => ({
    sender: 'system' as const,
    operator_id: null,
    operator_email: null,
    content: '',
    content_type: 1,
    system_event: event,
  });

  async function tell(conversation: ChatConversationsTable, row: Parameters<typeof recordOf>[0]) {
    push(
      conversation.user_id,
      recordOf(row, conversation.user_id, 'en'),
      await unreadOf(conversation.id),
    );
  }

  return {
    async list(
      actor: DeskActor,
      query: { view: ChatView; state: 'open' | 'closed'; current: number; size: number },
    ) {
      let select = db.selectFrom('chat_conversations').where('state', '=', query.state);
      if (query.view === 'unassigned') select = select.where('assigned_to', 'is', null);
      if (query.view === 'mine') select = select.where('assigned_to', '=', actor.operatorId);
      const [rows, count] = await Promise.all([
        select
          .selectAll()
          // Open ones: who has waited longest first; closed ones: the latest first.
          .orderBy('last_message_at', query.state === 'open' ? 'asc' : 'desc')
          .orderBy('id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
        select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((row) => conversationView(row, actor.operatorId)),
        total: Number(count.n),
        current: query.current,
        size: query.size,
      };
    },

    async get(actor: DeskActor, id: string): Promise<OpsConversation> {
      return conversationView(await find(id), actor.operatorId);
    },

    async messages(id: string, current: number, size: number, lang: Language) {
      const conversation = await find(id);
      const [rows, count] = await Promise.all([
        db
          .selectFrom('chat_messages')
          .selectAll()
          .where('conversation_id', '=', id)
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
        db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('conversation_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((row) => ({
          ...recordOf(row, conversation.user_id, lang),
          operator: row.sender === 'support' ? row.operator_email : null,
        })),
        total: Number(count.n),
        current,
        size,
      };
    },

    /** Takes an open conversation nobody holds (or the caller already holds). */
    async claim(actor: DeskActor, id: string): Promise<OpsConversation> {
      const before = await find(id);
      const result = await db.transaction().execute(async (tx) => {
        const taken = await tx
          .updateTable('chat_conversations')
          .set({ assigned_to: actor.operatorId, assigned_email: actor.email })
          .where('id', '=', id)
          .where('state', '=', 'open')
          .where('assigned_to', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return null;
        await actor.audit(tx, {
          action: 'chat.claim',
          targetId: id,
          after: { userId: before.user_id },
        });
        return addMessage(tx, before, system('joined'));
      });
      const after = await find(id);
      if (!result) {
        // Lost the race, or it was never free: say why (holding it already is no error).
        if (after.assigned_to === actor.operatorId && after.state === 'open') {
          return conversationView(after, actor.operatorId);
        }
        refuseUnlessHeld(after, actor);
      } else {
        await tell(after, result);
      }
      return conversationView(after, actor.operatorId);
    },

    async release(actor: DeskActor, id: string): Promise<OpsConversation> {
      const row = await find(id);
      refuseUnlessHeld(row, actor);
      await db.transaction().execute(async (tx) => {
        const freed = await tx
          .updateTable('chat_conversations')
          .set({ assigned_to: null, assigned_email: null })
          .where('id', '=', id)
          .where('assigned_to', '=', actor.operatorId)
          .executeTakeFirst();
        if (Number(freed.numUpdatedRows) !== 1) throw new AppError('conflict', 'chatNotClaimed');
        await actor.audit(tx, { action: 'chat.release', targetId: id });
      });
      return conversationView(await find(id), actor.operatorId);
    },

    async reply(actor: DeskActor, id: string, input: MessageInput): Promise<ChatRecord> {
      const conversation = await find(id);
      refuseUnlessHeld(conversation, actor);
      if (input.contentType === 1) {
        checkText(input.content);
      } else {
        const file = /^[0-9a-f-]{36}$/i.test(input.content)
          ? await verification.uploads.ownUpload(
              conversation.user_id,
              input.content,
              SUPPORT_IMAGE_PURPOSE,
            )
          : null;
        if (!file) throw new AppError('validation', 'chatImageUnknown', {}, 'content');
      }
      const row = await db.transaction().execute(async (tx) => {
        // Still the caller's and open, checked in the write itself: a close or a release
        // that landed since the read above refuses the reply instead of racing it.
        const held = await tx
          .updateTable('chat_conversations')
          .set({
            waiting: 0,
            last_message_at: iso(clock.now()),
            last_content: previewOf(input),
            last_content_type: input.contentType,
          })
          .where('id', '=', id)
          .where('state', '=', 'open')
          .where('assigned_to', '=', actor.operatorId)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) throw new AppError('conflict', 'chatNotClaimed');
        const added = await addMessage(tx, conversation, {
          sender: 'support',
          operator_id: actor.operatorId,
          operator_email: actor.email,
          content: input.content,
          content_type: input.contentType,
          system_event: null,
        });
        await actor.audit(tx, {
          action: 'chat.reply',
          targetId: id,
          after: { messageId: String(added.id), contentType: input.contentType },
        });
        return added;
      });
      await tell(conversation, row);
      return recordOf(row, conversation.user_id, 'en');
    },

    async close(actor: DeskActor, id: string, note: string): Promise<OpsConversation> {
      const conversation = await find(id);
      refuseUnlessHeld(conversation, actor);
      const row = await db.transaction().execute(async (tx) => {
        const closed = await tx
          .updateTable('chat_conversations')
          .set({
            state: 'closed',
            waiting: 0,
            closed_at: iso(clock.now()),
            closed_by: actor.email,
            close_note: note,
          })
          .where('id', '=', id)
          .where('state', '=', 'open')
          .where('assigned_to', '=', actor.operatorId)
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) throw new AppError('conflict', 'chatNotClaimed');
        await actor.audit(tx, { action: 'chat.close', targetId: id, reason: note });
        return addMessage(tx, conversation, system('closed'));
      });
      await tell(conversation, row);
      return conversationView(await find(id), actor.operatorId);
    },

    /** Stores an operator's image under the conversation's user, to send with `reply`. */
    async upload(actor: DeskActor, id: string, bytes: Buffer) {
      const conversation = await find(id);
      refuseUnlessHeld(conversation, actor);
      const file = await verification.uploads.save(
        conversation.user_id,
        SUPPORT_IMAGE_PURPOSE,
        bytes,
      );
      await actor.audit(db, {
        action: 'chat.image.upload',
        targetId: id,
        after: { fileId: file.id, size: file.size },
      });
      return { id: file.id, mime: file.mime, width: file.width, height: file.height };
    },

    /** An image sent in the conversation, by either side; the caller audits the view. */
    async image(id: string, fileId: string): Promise<FileContent & { userId: string }> {
      const conversation = await find(id);
      const sent = await db
        .selectFrom('chat_messages')
        .select('id')
        .where('conversation_id', '=', id)
        .where('content_type', '=', 2)
        .where('content', '=', fileId)
        .executeTakeFirst();
      if (!sent) throw new AppError('notFound');
      const { purpose: _purpose, ...content } = await verification.uploads.content(fileId);
      if (content.userId !== conversation.user_id) throw new AppError('notFound');
      return content;
    },

    canned: {
      async all(): Promise<CannedReply[]> {
        const rows = await db
          .selectFrom('chat_canned_replies')
          .selectAll()
          .orderBy('title')
          .execute();
        return rows.map(cannedView);
      },
      async save(
        actor: DeskActor,
        id: string | null,
        input: { title: string; content: string },
      ): Promise<CannedReply> {
        checkText(input.content);
        return db.transaction().execute(async (tx) => {
          const row = {
            id: id ?? randomUUID(),
            title: input.title,
            content: input.content,
            updated_at: iso(clock.now()),
            updated_by: actor.email,
          };
          let before: CannedReply | undefined;
          if (id) {
            const old = await tx
              .selectFrom('chat_canned_replies')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirst();
            if (!old) throw new AppError('notFound');
            before = cannedView(old);
            await tx.updateTable('chat_canned_replies').set(row).where('id', '=', id).execute();
          } else {
            await tx.insertInto('chat_canned_replies').values(row).execute();
          }
          const after = cannedView(row);
          await actor.audit(tx, {
            action: id ? 'chat.canned.update' : 'chat.canned.create',
            targetType: 'chat_canned_reply',
            targetId: row.id,
            before,
            after,
          });
          return after;
        });
      },
      async remove(actor: DeskActor, id: string) {
        return db.transaction().execute(async (tx) => {
          const old = await tx
            .selectFrom('chat_canned_replies')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (!old) throw new AppError('notFound');
          await tx.deleteFrom('chat_canned_replies').where('id', '=', id).execute();
          await actor.audit(tx, {
            action: 'chat.canned.delete',
            targetType: 'chat_canned_reply',
            targetId: id,
            before: cannedView(old),
          });
          return { id };
        });
      },
    },
  };
}

function cannedView(row: ChatTables['chat_canned_replies']): CannedReply {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

export type Desk = ReturnType<typeof createDesk>;
