import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsUploadContentImage } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import { intakeImage, type Images } from './images.ts';
import type { ContentDb } from './tables.ts';

/** One part named `file`, held in memory up to the limit; nothing is kept before it is whole. */
async function readFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
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
      const limit = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
      throw new AppError('validation', 'uploadTooLarge', { limit }, 'file');
    }
    throw new AppError('validation', 'uploadNoFile', {}, 'file');
  }
  if (!file || file.length === 0) throw new AppError('validation', 'uploadNoFile', {}, 'file');
  return file;
}

/**
 * The editor's image upload (audited, like every operator write) and the public read of
 * an uploaded image, the only content answer that is not JSON: an `<img>` needs the
 * bytes. Ids are random and images never change, so browsers may keep them for good.
 */
export async function registerContentImageCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: ContentDb; images: Images; audit: AuditLog; maxBytes: number },
): Promise<void> {
  const { db, images, audit, maxBytes } = deps;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 64, parts: 3 },
      throwFileSizeLimit: true,
    });
    registerCall(
      scope,
      head,
      opsUploadContentImage,
      async (_input, request) => {
        const image = await intakeImage(await readFile(request, maxBytes));
        const saved = await images.save(image, operatorOf(request).operatorId);
        await audit.record(db, request, {
          action: 'content.image.upload',
          targetType: 'content_image',
          targetId: saved.id,
          after: { url: saved.url, width: saved.width, height: saved.height, mime: saved.mime },
        });
        return saved;
      },
      { perMinute: 60 },
    );
  });

  app.get<{ Params: { id: string } }>(
    '/api/content/images/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = request.params.id;
      const image = /^[0-9a-f]{32}$/.test(id) ? await images.read(id) : undefined;
      if (!image) throw new AppError('notFound', 'notFound');
      reply
        .type(image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline');
      return Buffer.from(image.data);
    },
  );
}
