import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import {
  auth,
  call,
  latestCode,
  rememberPlatform,
  TestClock,
} from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';

export { auth, call, testDatabases };

export interface Started {
  platform: Platform;
  app: FastifyInstance;
  clock: TestClock;
  dataDir: string;
  stop(): Promise<void>;
}

/** A platform on the given test database (SQLite, or PostgreSQL when configured). */
export async function startOn(
  kind: { create(): Promise<TestDatabase> },
  env: Record<string, string> = {},
): Promise<Started> {
  const created = await kind.create();
  const database: Database = created.open();
  const clock = new TestClock();
  const config = testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', ...env });
  const platform = await buildPlatform(config, { logger: false, clock, database });
  await platform.app.ready();
  rememberPlatform(platform);
  return {
    platform,
    app: platform.app,
    clock,
    dataDir: config.dataDir,
    async stop() {
      await platform.app.close();
      await database.close();
      await created.dispose();
    },
  };
}

let addresses = 0;
/** A fresh client address: per-address limits (sign-up codes, uploads) do not stop tests. */
export function nextAddress(): string {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/**
 * A new signed-in user: their id and request headers.
 */
export async function newUser(app: FastifyInstance, label = 'user') {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.org`;
  const remoteAddress = nextAddress();
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const sent = await post('/api/user/sendEmailCode', { email, purpose: 'register' });
  if (sent.statusCode !== 200) throw new Error(`sendEmailCode: ${sent.body}`);
  const code = await latestCode(app, email);
  const password = 'Secret123';
  const res = await post('/api/user/register', { type: 'email', email, code, password });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const session = res.json().data as { token: string; userInfo: { id: string } };
  return { id: session.userInfo.id, headers: auth(session.token) };
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----meridian${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads through `/api/common/upload/OSS` (or the cgform call with `type`). */
export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  file: Buffer,
  options: { filename?: string; contentType?: string; url?: string; type?: string } = {},
) {
  const form = multipartBody([
    ...(options.type !== undefined ? [{ name: 'type', value: options.type }] : []),
    {
      name: 'file',
      value: file,
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
    },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: options.url ?? '/api/common/upload/OSS',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
    remoteAddress: nextAddress(),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

/** A plain photo-sized image of one colour, in the given format. */
export async function image(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  size = { width: 640, height: 400 },
  colour = '#3a6ea5',
): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export const SECRET = 'GPS 51.5007N 0.1246W owner Jane Example';

/**
 * A JPEG carrying what a phone photo carries: an APP1 Exif segment, an APP1 XMP packet and
 * a comment, each holding `SECRET`, spliced in after the start-of-image marker.
 */
export async function jpegWithMetadata(): Promise<Buffer> {
  const plain = await image('jpeg');
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const exif = segment(
    0xe1,
    Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08'), Buffer.from(SECRET)]),
  );
  const xmp = segment(
    0xe1,
    Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:li>${SECRET}</rdf:li></x:xmpmeta>`),
  );
  const comment = segment(0xfe, Buffer.from(SECRET));
  return Buffer.concat([plain.subarray(0, 2), exif, xmp, comment, plain.subarray(2)]);
}

/** A PNG with tEXt, iTXt and zTXt-free text chunks holding `SECRET`, before its IEND. */
export async function pngWithText(): Promise<Buffer> {
  const plain = await image('png');
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const text = chunk('tEXt', Buffer.from(`Comment\0${SECRET}`, 'latin1'));
  const itxt = chunk('iTXt', Buffer.from(`Author\0\0\0\0\0${SECRET}`, 'utf8'));
  const iend = plain.length - 12;
  return Buffer.concat([plain.subarray(0, iend), text, itxt, plain.subarray(iend)]);
}

/** A WebP with EXIF and XMP chunks (sharp writes them when asked to keep metadata). */
export async function webpWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: '#a53a3a' } })
    .withExif({ IFD0: { Copyright: SECRET } })
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:li>${SECRET}</rdf:li></x:xmpmeta>`)
    .webp()
    .toBuffer();
}

/** Uploads the three document photos of `user` and returns their ids. */
export async function uploadDocuments(app: FastifyInstance, headers: Record<string, string>) {
  const ids: string[] = [];
  for (const colour of ['#204060', '#406020', '#602040']) {
    const res = await upload(app, headers, await image('jpeg', undefined, colour));
    if (res.status !== 200) throw new Error(`upload: ${res.body.msg}`);
    ids.push(res.body.data.id as string);
  }
  const [frontFileId, backFileId, handFileId] = ids as [string, string, string];
  return { frontFileId, backFileId, handFileId };
}

export const PRIMARY = {
  level: 'primary',
  name: 'Zhang San',
  idNumber: '11010519491231002X',
  country: 'CN',
  idType: 'idCard',
} as const;

/** Completes the primary step through the newer call. */
export async function primary(app: FastifyInstance, headers: Record<string, string>) {
  const res = await call(app, 'POST', '/api/core/coin/member/verified', PRIMARY, headers);
  if (res.status !== 200) throw new Error(`primary: ${res.body.msg}`);
  return res;
}

/** Primary, three photos, advanced: the user's submission waits for review. */
export async function submitted(app: FastifyInstance, headers: Record<string, string>) {
  await primary(app, headers);
  const files = await uploadDocuments(app, headers);
  const res = await call(
    app,
    'POST',
    '/api/core/coin/member/verified',
    { level: 'advanced', ...files },
    headers,
  );
  if (res.status !== 200) throw new Error(`advanced: ${res.body.msg}`);
  return files;
}
