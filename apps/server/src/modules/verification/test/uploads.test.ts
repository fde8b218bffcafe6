import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  image,
  jpegWithMetadata,
  multipartBody,
  newUser,
  pngWithText,
  SECRET,
  startOn,
  testDatabases,
  upload,
  webpWithMetadata,
  type Started,
} from './verification-helpers.ts';

const LIMIT = 256 * 1024;

describe('uploads', () => {
  let s: Started;
  let alice: Awaited<ReturnType<typeof newUser>>;
  let bob: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    // A small limit, so a file past it is quick to make.
    s = await startOn(testDatabases()[0]!, { UPLOAD_MAX_BYTES: String(LIMIT) });
    alice = await newUser(s.app, 'alice');
    bob = await newUser(s.app, 'bob');
  });
  afterAll(async () => {
    await s.stop();
  });

  const stored = () => fs.readdirSync(path.join(s.dataDir, 'uploads'));
  const count = async () =>
    Number(
      (
        await s.platform.database.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores an image under a random name outside any public path, for its owner only', async () => {
    const res = await upload(s.app, alice.headers, await image('jpeg'), { filename: 'me.jpg' });
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({ mime: 'image/jpeg', width: 640, height: 400 });
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.url).toBe(`/api/user/files/${file.id}`);
    const names = stored();
    expect(names.some((name) => name.includes(file.id) || name.includes('me'))).toBe(false);
    expect(names.every((name) => /^[0-9a-f]{48}\.(jpeg|png|webp)$/.test(name))).toBe(true);

    const own = await call(s.app, 'GET', file.url, undefined, alice.headers);
    expect(own.status).toBe(200);
    const bytes = Buffer.from(own.body.data.base64, 'base64');
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(own.body.data.size).toBe(bytes.length);

    // Another user's file is exactly as unknown as a missing one.
    const theirs = await call(s.app, 'GET', file.url, undefined, bob.headers);
    const missing = await call(
      s.app,
      'GET',
      '/api/user/files/00000000-0000-4000-8000-000000000000',
      undefined,
      bob.headers,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await call(s.app, 'GET', file.url)).status).toBe(401);
    // Nothing is served from the data folder by name.
    const direct = await s.app.inject({ method: 'GET', url: `/uploads/${names[0]}` });
    expect(direct.body).not.toContain('JFIF');
  });

  it('judges the type by content: a PNG named .txt is fine, text named .jpg is not', async () => {
    const png = await upload(s.app, alice.headers, await image('png'), {
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(png.status).toBe(200);
    expect(png.body.data.mime).toBe('image/png');

    const before = await count();
    const files = stored().length;
    for (const [content, filename] of [
      [Buffer.from('just some text, honestly a photo'), 'photo.jpg'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.png',
      ],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'scan.jpg'],
      [
        await sharp(await image('png'))
          .gif()
          .toBuffer(),
        'anim.webp',
      ],
    ] as const) {
      const res = await upload(s.app, alice.headers, content, {
        filename,
        contentType: 'image/jpeg',
      });
      expect(res.status, filename).toBe(400);
      expect(res.body.data).toMatchObject({ reason: 'uploadTypeRefused', field: 'file' });
    }
    const res = await upload(s.app, alice.headers, Buffer.from('text'), { filename: 'a.jpg' });
    expect(res.body.msg).toBe('Only JPEG, PNG or WebP images are accepted');
    expect(await count()).toBe(before);
    expect(stored().length).toBe(files);
  });

  it('refuses a file past the limit, a corrupt image, and one too small to be clear', async () => {
    const before = await count();
    const big = await sharp({
      create: {
        width: 1400,
        height: 1400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(LIMIT);
    const tooLarge = await upload(s.app, alice.headers, big, { filename: 'big.png' });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.data.reason).toBe('uploadTooLarge');
    expect(tooLarge.body.msg).toBe('The file is larger than 0.3 MB');

    const jpeg = await image('jpeg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(400, 0x41)]);
    const broken = await upload(s.app, alice.headers, corrupt);
    expect(broken.status).toBe(400);
    expect(broken.body.data.reason).toBe('uploadUnreadable');

    const tiny = await upload(
      s.app,
      alice.headers,
      await image('jpeg', { width: 200, height: 120 }),
      {
        url: '/api/core/cgform-api/upload/file',
      },
    );
    expect(tiny.status).toBe(400);
    expect(tiny.body).toMatchObject({
      msg: 'Document photos must be clear: at least 300 pixels on each side',
      data: { reason: 'uploadTooSmallImage' },
    });
    expect(await count()).toBe(before);
  });

  it('strips EXIF, XMP, comments and text chunks by re-encoding', async () => {
    const inputs = [
      ['jpeg', await jpegWithMetadata()],
      ['png', await pngWithText()],
      ['webp', await webpWithMetadata()],
    ] as const;
    for (const [format, input] of inputs) {
      expect(input.includes(SECRET), `${format} fixture`).toBe(true);
      const res = await upload(s.app, alice.headers, input, { filename: `photo.${format}` });
      expect(res.status, format).toBe(200);
      const own = await call(s.app, 'GET', res.body.data.url, undefined, alice.headers);
      const bytes = Buffer.from(own.body.data.base64, 'base64');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.comments ?? []).toEqual([]);
      expect(bytes.includes(SECRET), `${format} stored`).toBe(false);
      expect(bytes.includes('Exif\0\0')).toBe(false);
      // And on disk, not only in the answer.
      const onDisk = stored().map((name) => fs.readFileSync(path.join(s.dataDir, 'uploads', name)));
      expect(onDisk.some((file) => file.includes(SECRET))).toBe(false);
    }
  });

  it('takes the cgform call with its type, and refuses an unknown type or a second file', async () => {
    const ok = await upload(s.app, alice.headers, await image('webp'), {
      url: '/api/core/cgform-api/upload/file',
      type: 'document',
      filename: 'x.webp',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mime).toBe('image/webp');
    const unknown = await upload(s.app, alice.headers, await image('jpeg'), {
      url: '/api/core/cgform-api/upload/file',
      type: 'avatar',
    });
    expect(unknown.body.data.reason).toBe('uploadPurposeUnknown');

    const jpeg = await image('jpeg');
    const two = multipartBody([
      { name: 'file', value: jpeg, filename: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'file', value: jpeg, filename: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/common/upload/OSS',
      headers: { ...alice.headers, ...two.headers },
      payload: two.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.reason).toBe('uploadNoFile');
  });

  it('answers a form without a file, JSON, and a visitor in the envelope', async () => {
    const empty = multipartBody([{ name: 'type', value: 'document' }]);
    const noFile = await s.app.inject({
      method: 'POST',
      url: '/api/common/upload/OSS',
      headers: { ...alice.headers, ...empty.headers, lang: 'es' },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      msg: 'Elija un archivo para subir',
      data: { reason: 'uploadNoFile' },
    });

    const json = await call(s.app, 'POST', '/api/common/upload/OSS', { file: 'x' }, alice.headers);
    expect(json.status).toBe(415);
    expect(json.body.data.reason).toBe('uploadNotMultipart');

    const visitor = await upload(s.app, {}, await image('jpeg'));
    expect(visitor.status).toBe(401);
  });
});
