import type { FastifyInstance } from 'fastify';
import {
  CHAT_PAGE_SIZE,
  getChatImage,
  getChatRecord,
  getChatState,
  markChatRead,
  sendChatRecord,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Conversations } from './conversations.ts';

/** A person types a few messages a minute; a script sending hundreds is refused. */
const MESSAGES_PER_MINUTE = 60;

/**
 * The user's chat calls (seed section 7's buy/sendChatRecord and buy/getChatRecord, and
 * the dialog's state and read mark). Each acts on the caller's own conversation only.
 */
export function registerChatCalls(app: FastifyInstance, head: string, chat: Conversations) {
  const user = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  registerCall(
    app,
    head,
    sendChatRecord,
    async ({ body }, request) =>
      chat.send(user(request), body.chatId, {
        content: body.content,
        contentType: body.contentType,
      }),
    { perMinute: MESSAGES_PER_MINUTE },
  );
  registerCall(app, head, getChatRecord, async ({ params, body }, request) =>
    chat.page(
      user(request),
      params.chatKey,
      body?.current ?? 1,
      body?.size ?? CHAT_PAGE_SIZE,
      request.lang,
    ),
  );
  registerCall(app, head, getChatState, async (_input, request) => chat.stateOf(user(request)));
  registerCall(app, head, markChatRead, async (_input, request) => chat.markRead(user(request)));
  registerCall(app, head, getChatImage, async ({ params }, request) =>
    chat.image(user(request), params.chatKey, params.id),
  );
}
