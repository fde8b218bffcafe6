import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsCannedReplies,
  opsChatClaim,
  opsChatClose,
  opsChatConversation,
  opsChatConversations,
  opsChatImage,
  opsChatMessages,
  opsChatRelease,
  opsChatReply,
  opsChatUpload,
  opsCreateCannedReply,
  opsDeleteCannedReply,
  opsUpdateCannedReply,
} from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { Desk, DeskActor } from './desk.ts';
import type { ChatDb } from './tables.ts';

/** One image part named `file`, in memory up to the limit; nothing kept before it is whole. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('unsupportedMediaType', 'uploadNotMultipart', {}, 'body');
  }
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) throw new AppError('validation', 'uploadNoFile');
      file = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('validation', 'uploadTooLarge', { limit: 5 }, 'file');
    }
    throw new AppError('validation', 'uploadNoFile', {}, 'file');
  }
  if (!file || file.length === 0) throw new AppError('validation', 'uploadNoFile', {}, 'file');
  return file;
}

/**
 * The chat desk's calls: registerCall checked the operator's session and permission before
 * anything was read; each write leaves its audit row in its own transaction, and each
 * image shown leaves a document view first.
 */
export async function registerChatOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: ChatDb; desk: Desk; audit: AuditLog; maxBytes: number },
) {
  const { db, desk, audit, maxBytes } = deps;
  const actorOf = (request: FastifyRequest): DeskActor => {
    const operator = operatorOf(request);
    return {
      operatorId: operator.operatorId,
      email: operator.email,
      audit: (tx, entry) =>
        audit.record(tx, request, { targetType: 'chat_conversation', ...entry }),
    };
  };

  registerCall(app, head, opsChatConversations, async ({ query }, request) =>
    desk.list(actorOf(request), query),
  );
  registerCall(app, head, opsChatConversation, async ({ params }, request) =>
    desk.get(actorOf(request), params.id),
  );
  registerCall(app, head, opsChatMessages, async ({ params, query }, request) =>
    desk.messages(params.id, query.current, query.size, request.lang),
  );
  registerCall(app, head, opsChatClaim, async ({ params }, request) =>
    desk.claim(actorOf(request), params.id),
  );
  registerCall(app, head, opsChatRelease, async ({ params }, request) =>
    desk.release(actorOf(request), params.id),
  );
  registerCall(app, head, opsChatReply, async ({ params, body }, request) =>
    desk.reply(actorOf(request), params.id, body),
  );
  registerCall(app, head, opsChatClose, async ({ params, body }, request) =>
    desk.close(actorOf(request), params.id, body.note),
  );
  registerCall(app, head, opsChatImage, async ({ params }, request) => {
    const content = await desk.image(params.id, params.fileId);
    await audit.record(db, request, {
      action: 'document.view',
      targetType: 'upload',
      targetId: params.fileId,
      after: { userId: content.userId, conversation: params.id },
    });
    return content;
  });
  registerCall(app, head, opsCannedReplies, async () => desk.canned.all());
  registerCall(app, head, opsCreateCannedReply, async ({ body }, request) =>
    desk.canned.save(actorOf(request), null, body),
  );
  registerCall(app, head, opsUpdateCannedReply, async ({ params, body }, request) =>
    desk.canned.save(actorOf(request), params.id, body),
  );
  registerCall(app, head, opsDeleteCannedReply, async ({ params }, request) =>
    desk.canned.remove(actorOf(request), params.id),
  );

  // Multipart is parsed only in this scope, so no other call accepts a form.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 64, parts: 3 },
      throwFileSizeLimit: true,
    });
    registerCall(scope, head, opsChatUpload, async ({ params }, request) =>
      desk.upload(actorOf(request), params.id, await readImage(request)),
    );
  });
}
