import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, PLATFORM_CONFIG_GLOBAL, platformConfigSchema } from '@meridian/contract';
import { buildPlatform, type Platform } from '../src/app.ts';
import { AppError } from '../src/kernel/errors.ts';
import { registerCall } from '../src/kernel/http/register-call.ts';
import { tempDir, testConfig } from './helpers.ts';

// A call that exists only in these tests, to drive validation through the real pipeline.
const echo = defineCall({
  method: 'POST',
  path: '/api/{head}/test/echo/:id',
  summary: 'test echo',
  tags: ['test'],
  auth: 'public',
  params: z.strictObject({ id: z.string().regex(/^\d+$/) }),
  query: z.strictObject({ page: z.coerce.number().int().min(1).optional() }),
  body: z.strictObject({
    amount: z.string().regex(/^\d+(\.\d+)?$/),
    side: z.enum(['buy', 'sell']),
    note: z.string().max(10).optional(),
  }),
  data: z.object({
    id: z.string(),
    amount: z.string(),
    token: z.string().nullable(),
    lang: z.string(),
  }),
});

let platform: Platform | undefined;

async function start(env: Record<string, string> = {}, extra?: (p: Platform) => void) {
  const config = testConfig(env);
  platform = await buildPlatform(config, { logger: false });
  registerCall(platform.app, config.head, echo, async ({ params, body }, request) => ({
    id: params.id,
    amount: body.amount,
    token: request.auth.token,
    lang: request.lang,
  }));
  platform.app.get('/api/test/boom', async () => {
    throw new Error('SELECT secret FROM users -- internal detail');
  });
  platform.app.get('/api/test/conflict', async () => {
    throw new AppError('conflict');
  });
  extra?.(platform);
  await platform.app.ready();
  return platform.app;
}

afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

const post = (
  body: unknown,
  headers: Record<string, string> = {},
  url = '/api/core/test/echo/7',
) => ({
  method: 'POST' as const,
  url,
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('health', () => {
  it('answers in the envelope with the state of each component', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      msg: 'Operation successful',
      data: {
        status: 'ok',
        version: '9.9.9',
        components: {
          database: { status: 'up', driver: 'sqlite' },
          broker: { status: 'up' },
          market: { status: 'up', detail: 'simulated' },
        },
      },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports 503 and a down database when the database stops answering', async () => {
    const app = await start();
    await platform!.database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      data: { status: 'degraded', components: { database: { status: 'down' } } },
    });
  });
});

describe('envelope and errors', () => {
  it('answers an unknown API path with 404 in the envelope', async () => {
    const app = await start();
    for (const url of ['/api/nothing/here', '/api', '/api/core/coin/unknown?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ code: 404, msg: 'Not found', data: { reason: 'notFound' } });
    }
  });

  it('serves a valid call and reads both token headers', async () => {
    const app = await start();
    const bearer = await app.inject(
      post({ amount: '1.5', side: 'buy' }, { authorization: 'Bearer abc123' }),
    );
    expect(bearer.json()).toMatchObject({
      code: 200,
      data: { id: '7', amount: '1.5', token: 'abc123' },
    });
    const raw = await app.inject(post({ amount: '1', side: 'sell' }, { authorization: 'xyz' }));
    expect(raw.json().data.token).toBe('xyz');
    const sa = await app.inject(post({ amount: '1', side: 'sell' }, { satoken: 'sa-1' }));
    expect(sa.json().data.token).toBe('sa-1');
    const none = await app.inject(post({ amount: '1', side: 'sell' }));
    expect(none.json().data.token).toBeNull();
  });

  it('names the field of a wrong type', async () => {
    const app = await start();
    const res = await app.inject(post({ amount: 12, side: 'buy' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: { field: 'body.amount' } });
    expect(res.json().msg).toMatch(/^Invalid request: body\.amount: /);
  });

  it('names an unknown field', async () => {
    const app = await start();
    const res = await app.inject(post({ amount: '1', side: 'buy', admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('body.admin');
  });

  it('names a missing field, a bad path parameter and a bad query value', async () => {
    const app = await start();
    const missing = await app.inject(post({ amount: '1' }));
    expect(missing.json().data.field).toBe('body.side');
    const badParam = await app.inject(
      post({ amount: '1', side: 'buy' }, {}, '/api/core/test/echo/abc'),
    );
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().data.field).toBe('params.id');
    const badQuery = await app.inject(
      post({ amount: '1', side: 'buy' }, {}, '/api/core/test/echo/1?page=0'),
    );
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().data.field).toBe('query.page');
  });

  it('answers bad JSON, an empty JSON body and a non-object with 400', async () => {
    const app = await start();
    for (const payload of ['{"amount":', '', '[1,2]', 'null']) {
      const res = await app.inject(post(payload));
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().data.field).toMatch(/^body/);
    }
  });

  it('answers an oversize body with 400 naming the limit', async () => {
    const app = await start({ BODY_LIMIT: '2048' });
    const res = await app.inject(post({ amount: '1', side: 'buy', note: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: { field: 'body' } });
    expect(res.json().msg).toContain('2048');
  });

  it('answers an unsupported content type with 400', async () => {
    const app = await start();
    const res = await app.inject({
      method: 'POST',
      url: '/api/core/test/echo/1',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('body');
  });

  it('hides internal errors behind a generic message with the request id', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(500);
    expect(body.data.requestId).toBe(res.headers['x-request-id']);
    expect(body.msg).toContain(body.data.requestId);
    expect(body.msg).not.toMatch(/select|secret|users|internal detail/i);
  });

  it('answers catalogue errors with their status', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 409, data: { reason: 'conflict' } });
  });
});

describe('languages', () => {
  it.each([
    [{ lang: 'ja' }, '操作が完了しました'],
    [{ language: 'de' }, 'Vorgang erfolgreich'],
    [{ lang: 'zh-TW' }, '操作成功'],
    [{ lang: 'xx', language: 'ko' }, '작업이 완료되었습니다'],
    [{ 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' }, 'Opération réussie'],
    [{ lang: 'xx' }, 'Operation successful'],
  ])('chooses the message language from %o', async (headers, msg) => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/api/health', headers });
    expect(res.json().msg).toBe(msg);
  });

  it('words validation errors in the chosen language', async () => {
    const app = await start();
    const res = await app.inject(post({ amount: 1, side: 'buy' }, { lang: 'ja' }));
    expect(res.json().msg).toMatch(/^リクエストが正しくありません: body\.amount: /);
    const notFound = await app.inject({ method: 'GET', url: '/api/none', headers: { lang: 'ru' } });
    expect(notFound.json().msg).toBe('Не найдено');
  });
});

describe('platform config script', () => {
  it('sets the runtime configuration and is never cached', async () => {
    const app = await start({
      BRAND: 'Meridian',
      SUPPORT_LINKS: 'https://help.example.org/</script>',
    });
    const res = await app.inject({
      method: 'GET',
      url: '/platform/dev/config.js?t=123',
      headers: { host: 'trade.example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/no-cache/);
    expect(res.body).not.toContain('</script>');
    const window: Record<string, unknown> = {};
    vm.runInNewContext(res.body, { window });
    const config = platformConfigSchema.parse(window[PLATFORM_CONFIG_GLOBAL]);
    expect(config).toMatchObject({
      brand: 'Meridian',
      head: 'core',
      apiRoot: '',
      socketUrl: 'ws://trade.example.org',
      defaultLanguage: 'en',
      supportLinks: ['https://help.example.org/</script>'],
    });
    expect(config.languages.map((l) => l.code)).toEqual([
      'en',
      'ja',
      'ko',
      'zh',
      'pt',
      'vi',
      'th',
      'es',
      'fr',
      'ru',
      'de',
      'it',
      'tw',
    ]);
  });
});

describe('API documentation', () => {
  it('lists the contract calls at /api/docs', async () => {
    const app = await start();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/health'].get.summary).toMatch(/health/i);
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('declares the optional Idempotency-Key header on the money-moving calls only', async () => {
    const app = await start();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Parameter = { in: string; name: string; required?: boolean };
    const header = (url: string) =>
      (doc.paths[url].post.parameters as Parameter[] | undefined)?.find(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
    for (const url of [
      '/api/currency/order/submit',
      '/api/currency/order/cancelOrder',
      '/api/currency/order/cancelAll',
      '/api/core/coin/entrust/exchange/{a}',
      '/api/core/coin/entrust/cancel/entrust',
    ]) {
      expect(header(url), url).toMatchObject({ in: 'header', name: 'idempotency-key' });
      expect(header(url)?.required ?? false).toBe(false);
    }
    expect(header('/api/currency/order/orderList')).toBeUndefined();
    expect(header('/api/user/login')).toBeUndefined();
  });
});

describe('web app', () => {
  function withBundle() {
    const dist = tempDir('meridian-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Meridian</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    return dist;
  }

  it('serves the app for any page path and files as themselves', async () => {
    const app = await start({ WEB_DIST: withBundle() });
    for (const url of ['/', '/home/index', '/trade/index?type=spot&symbol=btc', '/i&ABC']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Meridian</title>');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('never answers an API path or a non-GET with the app', async () => {
    const app = await start({ WEB_DIST: withBundle() });
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.json()).toEqual({ code: 404, msg: 'Not found', data: { reason: 'notFound' } });
    const postPage = await app.inject({ method: 'POST', url: '/home/index' });
    expect(postPage.statusCode).toBe(404);
    expect(postPage.json().code).toBe(404);
  });
});
