import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { rememberPlatform, TestClock } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';

function multipartBody(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----c23' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// Bytes in a BLOB on SQLite and a bytea on PostgreSQL: stored and served the same way.
describe.each(testDatabases())('content images on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;
  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  it('stores an operator upload re-encoded without metadata and serves it to anyone', async () => {
    const clock = new TestClock();
    current = await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(
        testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
        { logger: false, database, clock },
      ),
    );
    await platform.app.ready();
    const admin = await signInOperator(platform, 'admin', { clock });
    const support = await signInOperator(platform, 'support', { clock });
    const png = await sharp({
      create: { width: 64, height: 32, channels: 3, background: '#1668dc' },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const upload = (file: Buffer, headers: Record<string, string>, name = 'banner.png') => {
      const body = multipartBody(name, file);
      return platform!.app.inject({
        method: 'POST',
        url: '/api/ops/content/images',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
    };

    const saved = await upload(png, admin.headers);
    expect(saved.statusCode).toBe(200);
    const image = saved.json().data as { url: string; width: number; height: number };
    expect(image).toMatchObject({ width: 64, height: 32, mime: 'image/png' });
    expect(image.url).toMatch(/^\/api\/content\/images\/[0-9a-f]{32}$/);

    // Anyone reads it, as an image, cacheable for good; the metadata is gone.
    const served = await platform.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);

    // Refused with nothing stored: not an image (whatever its name), no permission.
    const text = await upload(Buffer.from('<script>alert(1)</script>'), admin.headers, 'x.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().data.reason).toBe('uploadTypeRefused');
    expect((await upload(png, support.headers)).statusCode).toBe(403);
    expect((await upload(png, {})).statusCode).toBe(401);
    for (const url of ['/api/content/images/nope', '/api/content/images/' + '0'.repeat(32)]) {
      expect((await platform.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const rows = await platform.database.db.selectFrom('content_images').select('id').execute();
    expect(rows).toHaveLength(1);
    const audited = await platform.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'content.image.upload')
      .execute();
    expect(audited).toEqual([{ action: 'content.image.upload', target_id: rows[0]!.id }]);
  });
});
