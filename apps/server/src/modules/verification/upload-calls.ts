import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOwnFile, UPLOAD_PURPOSES, uploadFile, uploadOss } from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import { AppError } from '../../kernel/errors.ts';
import { fileContent, type FileStore } from './file-store.ts';
import { cleanImage } from './image-intake.ts';

export interface UploadCallDeps {
  files: FileStore;
  maxBytes: number;
}

/** Uploads from one address a minute: a person photographs a few documents, not hundreds. */
const UPLOADS_PER_MINUTE = 20;

/** What the multipart reader's own refusals mean to the user. */
function multipartRefusal(error: unknown, maxBytes: number): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const limit = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return new AppError('validation', 'uploadTooLarge', { limit }, 'file');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('validation', 'uploadNoFile', {}, 'file');
  }
  return new AppError('validation', 'validation', {}, 'file');
}

/**
 * Reads the form: one part named `file` (held in memory up to the limit, then refused)
 * and an optional `type`. Nothing is written before the whole file has arrived.
 */
async function readForm(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) {
    throw new AppError('unsupportedMediaType', 'uploadNotMultipart', {}, 'body');
  }
  let file: Buffer | null = null;
  let type: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('validation', 'uploadNoFile');
        file = await part.toBuffer();
      } else if (part.fieldname === 'type') {
        type = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw multipartRefusal(error, maxBytes);
  }
  if (!file || file.length === 0) throw new AppError('validation', 'uploadNoFile', {}, 'file');
  return { file, type };
}

/**
 * The seed's two upload calls (both families) and the owner's read of a file. Multipart
 * is parsed only in this scope, so no other call accepts a form.
 */
export async function registerUploadCalls(
  app: FastifyInstance,
  head: string,
  { files, maxBytes }: UploadCallDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64, parts: 5 },
      throwFileSizeLimit: true,
    });

    const upload = async (request: FastifyRequest) => {
      const principal = principalOf(request);
      const form = await readForm(request, maxBytes);
      const purpose = form.type ?? 'document';
      if (!(UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
        throw new AppError('validation', 'uploadPurposeUnknown', {}, 'type');
      }
      return files.save(principal.userId, purpose, await cleanImage(form.file));
    };
    const limit = { perMinute: UPLOADS_PER_MINUTE };
    registerCall(scope, head, uploadOss, async (_input, request) => upload(request), limit);
    registerCall(scope, head, uploadFile, async (_input, request) => upload(request), limit);
  });

  registerCall(app, head, getOwnFile, async ({ params }, request) =>
    fileContent(await files.readOwn(principalOf(request).userId, params.id)),
  );
}
