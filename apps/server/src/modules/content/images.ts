import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../kernel/errors.ts';
import type { ContentDb } from './tables.ts';

type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

const ACCEPTED: Record<string, ImageMime> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
};

/** Larger pictures are refused before they are decoded: a small file can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Where an uploaded image is served from; articles and banners point at it. */
export const imagePath = (id: string) => `/api/content/images/${id}`;

/**
 * An operator's picture for an article or a banner. Its type comes from its bytes, never
 * its name; it is decoded and encoded again in its own format, so what is served holds
 * pixels only (no EXIF position, camera, comments, or anything hidden after the image).
 */
export async function intakeImage(input: Buffer) {
  const sniffed = await fileTypeFromBuffer(input);
  const mime = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (!mime) throw new AppError('validation', 'uploadTypeRefused', {}, 'file');
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : mime === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { mime, data, width: info.width, height: info.height };
  } catch {
    throw new AppError('validation', 'uploadUnreadable', {}, 'file');
  }
}

export function createImages(db: ContentDb, now: () => number) {
  return {
    async save(image: Awaited<ReturnType<typeof intakeImage>>, operatorId: string) {
      // Random, unguessable and never reused: a served image can be cached for good.
      const id = randomBytes(16).toString('hex');
      const row = {
        id,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.data.length,
        data: image.data,
        operator_id: operatorId,
        created_at: now(),
      };
      await db.insertInto('content_images').values(row).execute();
      return { id, url: imagePath(id), width: image.width, height: image.height, mime: image.mime };
    },
    async read(id: string) {
      return db
        .selectFrom('content_images')
        .select(['mime', 'data'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type Images = ReturnType<typeof createImages>;
