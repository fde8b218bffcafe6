import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { UPLOAD_MIME_TYPES } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';

export type ImageMime = (typeof UPLOAD_MIME_TYPES)[number];

/** Document photos must be clear (seed section 6): this many pixels on the shorter side. */
export const MIN_IMAGE_SIDE = 300;
/** Larger images are refused before they are decoded: a small file can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

// Decoded images are not kept between requests: each upload is seen once.
sharp.cache(false);

export interface CleanImage {
  mime: ImageMime;
  bytes: Buffer;
  width: number;
  height: number;
}

const ACCEPTED: Record<string, ImageMime> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
};

/**
 * Turns an uploaded file into the image that is stored. The type comes from the bytes
 * (file-type reads the signature), never from the name or the declared content type. The
 * image is then decoded and encoded again in its own format: what is stored holds pixels
 * only, with no EXIF (GPS position, camera, owner), XMP, ICC, comment or text chunk, and
 * nothing a crafted file could have hidden after its image data. The orientation EXIF
 * gave is applied to the pixels first, so a phone photo is not stored on its side.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const sniffed = await fileTypeFromBuffer(input);
  const mime = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (!mime) throw new AppError('validation', 'uploadTypeRefused', {}, 'file');

  let output: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mime === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated, corrupt, or too many pixels; sharp's own words name internals, not shown.
    throw new AppError('validation', 'uploadUnreadable', {}, 'file');
  }
  const { width, height } = output.info;
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new AppError('validation', 'uploadTooSmallImage', { min: MIN_IMAGE_SIDE }, 'file');
  }
  return { mime, bytes: output.data, width, height };
}
