import { MQTT_TOPICS, type UserEvent } from '@meridian/contract';
import { defineModule } from '../../kernel/module.ts';
import { registerChatCalls } from './calls.ts';
import { createConversations, type ChatPush } from './conversations.ts';
import { createDesk } from './desk.ts';
import * as m0080 from './migrations/0080_chat.ts';
import { registerChatOpsCalls } from './ops-calls.ts';
import type { ChatDb, ChatTables } from './tables.ts';

/** The MQTT topic prefix of a chat key's channel (`chat_{chatKey}`). */
const CHAT_PREFIX = MQTT_TOPICS.chat('');

/**
 * Customer-service chat (issue 24): the user's dialog calls, the operators' chat desk,
 * and the push of every message to the user's sockets and to the chat key's MQTT topic,
 * which only the key's owner may read (the broker asks identity whose key it is).
 */
export const chatModule = defineModule({
  name: 'chat',
  migrations: { '0080_chat': m0080 },
  async start(ctx) {
    const { app, clock, config } = ctx;
    const db: ChatDb = ctx.db.withTables<ChatTables>();
    const identity = ctx.use('identity');
    const verification = ctx.use('verification');

    ctx.broker.guardTopics({ prefix: CHAT_PREFIX, ownerOf: (key) => identity.chatKeyOwner(key) });
    const push: ChatPush = (userId, record, unread) => {
      const event: UserEvent = { type: 'chat', record, unread };
      ctx.userSocket.publish(userId, event);
      void identity.chatKeyOf(userId).then(
        (key) => {
          if (key) ctx.broker.publishPrivate(MQTT_TOPICS.chat(key), event);
        },
        (error: unknown) => app.log.warn({ err: error }, 'chat: no chat key to publish on'),
      );
    };

    const conversations = createConversations({ db, clock, identity, verification, push });
    const desk = createDesk({ db, clock, verification, push });
    registerChatCalls(app, config.head, conversations);
    // The dashboard's card: open conversations nobody has taken yet.
    ctx.use('operators').registerQueue('chat', async () => {
      const row = await db
        .selectFrom('chat_conversations')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('state', '=', 'open')
        .where('assigned_to', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });
    await registerChatOpsCalls(app, config.head, {
      db,
      desk,
      audit: ctx.audit,
      maxBytes: config.uploadMaxBytes,
    });
  },
});
