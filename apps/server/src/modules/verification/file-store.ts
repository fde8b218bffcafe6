import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { UploadedFile } from '@meridian/contract';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { CleanImage } from './image-intake.ts';
import type { UploadsTable, VerificationDb } from './tables.ts';

export const UPLOADS_FOLDER = 'uploads';

/** Where a user fetches their own file: the call `getOwnFile`. */
export const ownFileUrl = (id: string) => `/api/user/files/${id}`;

export interface StoredFile {
  row: UploadsTable;
  bytes: Buffer;
}

/**
 * Uploaded files: bytes in `<DATA_DIR>/uploads/`, which nothing serves directly (the web
 * app is served from its own folder), under random names unrelated to the ids users see;
 * facts in the `uploads` table. Every read names its owner, or is an operator's (audited
 * by the caller).
 */
export function createFileStore(db: VerificationDb, clock: Clock, dataDir: string) {
  const folder = path.join(dataDir, UPLOADS_FOLDER);
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => (ready ??= fs.mkdir(folder, { recursive: true, mode: 0o700 }));

  async function read(row: UploadsTable | undefined): Promise<StoredFile> {
    if (!row) throw new AppError('notFound');
    try {
      return { row, bytes: await fs.readFile(path.join(folder, row.storage_name)) };
    } catch {
      // The row outlived its bytes (a data folder restored without them): unknown to users.
      throw new AppError('notFound');
    }
  }

  const byId = (id: string) =>
    db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async save(userId: string, purpose: string, image: CleanImage): Promise<UploadedFile> {
      await ensureFolder();
      const extension = image.mime.slice('image/'.length);
      const storageName = `${randomBytes(24).toString('hex')}.${extension}`;
      const file = path.join(folder, storageName);
      await fs.writeFile(file, image.bytes, { mode: 0o600, flag: 'wx' });
      const row: UploadsTable = {
        id: randomUUID(),
        user_id: userId,
        purpose,
        storage_name: storageName,
        mime: image.mime,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(image.bytes).digest('hex'),
        created_at: iso(clock.now()),
      };
      try {
        await db.insertInto('uploads').values(row).execute();
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return fileView(row);
    },

    /** A user's own file; another user's is unknown, exactly like a missing one. */
    async readOwn(userId: string, id: string): Promise<StoredFile> {
      const row = await byId(id);
      return read(row?.user_id === userId ? row : undefined);
    },

    /** A user's own file's facts, without its bytes; another user's is none. */
    async ownRow(userId: string, id: string): Promise<UploadsTable | undefined> {
      const row = await byId(id);
      return row?.user_id === userId ? row : undefined;
    },

    /** Any user's file, for an operator whose call checked `documents.view`. */
    async readAny(id: string): Promise<StoredFile> {
      return read(await byId(id));
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

export function fileView(row: UploadsTable): UploadedFile {
  return {
    id: row.id,
    url: ownFileUrl(row.id),
    mime: row.mime as UploadedFile['mime'],
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** The answer of a file call: its facts and its bytes, base64 inside the envelope. */
export function fileContent({ row, bytes }: StoredFile) {
  return { ...fileView(row), createTime: row.created_at, base64: bytes.toString('base64') };
}
