import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@meridian/contract/define';
import { health } from '@meridian/contract/calls/system';
import { ApiError, createApiClient, REQUEST_TIMEOUT_MS } from './client.ts';

const echo = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/exchange/:symbol',
  summary: 'test',
  tags: ['test'],
  auth: 'public',
  params: z.strictObject({ symbol: z.string() }),
  query: z.strictObject({ page: z.number().optional(), side: z.string().optional() }),
  body: z.strictObject({ amount: z.string() }),
  data: z.object({ id: z.string() }),
});

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('api client', () => {
  it('builds the URL, sends language and token headers, and returns typed data', async () => {
    const fetch = answer(200, { code: 200, msg: 'ok', data: { id: 'o-1' } });
    const api = createApiClient({
      apiRoot: 'https://x.test',
      head: 'core',
      language: () => 'ja',
      token: () => 'tok',
      fetch,
    });
    const data = await api(echo, {
      params: { symbol: 'btc/usdt' },
      query: { page: 2, side: undefined },
      body: { amount: '1.5' },
    });
    expect(data).toEqual({ id: 'o-1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://x.test/api/core/coin/entrust/exchange/btc%2Fusdt?page=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"amount":"1.5"}');
    expect(init.headers).toMatchObject({
      lang: 'ja',
      language: 'ja',
      authorization: 'Bearer tok',
      satoken: 'tok',
      'content-type': 'application/json',
    });
  });

  it('rejects with the server message for a non-200 code, even on HTTP 200', async () => {
    const api = createApiClient({
      apiRoot: '',
      head: 'core',
      language: () => 'en',
      fetch: answer(200, { code: 409, msg: 'Conflict here', data: null }),
    });
    await expect(api(health)).rejects.toMatchObject({ code: 409, message: 'Conflict here' });
  });

  it('rejects an answer that is not an envelope', async () => {
    const api = createApiClient({
      apiRoot: '',
      head: 'core',
      language: () => 'en',
      fetch: vi.fn(async () => new Response('<html>proxy error</html>', { status: 502 })),
    });
    await expect(api(health)).rejects.toBeInstanceOf(ApiError);
  });

  it('rejects data that does not match the contract', async () => {
    const api = createApiClient({
      apiRoot: '',
      head: 'core',
      language: () => 'en',
      fetch: answer(200, { code: 200, msg: 'ok', data: { status: 'fine' } }),
    });
    await expect(api(health)).rejects.toThrow();
  });
});

// The server's Japanese invalid-token message, as a user of that language receives it.
const JA_INVALID_TOKEN = 'セッションの有効期限が切れました。もう一度ログインしてください';

describe('request rules', () => {
  function withRules(fetch: typeof globalThis.fetch) {
    const rules = {
      logout: vi.fn(),
      navigate: vi.fn(),
      showError: vi.fn(),
      unknownError: () => 'Unknown error; please try again later',
    };
    const api = createApiClient({ apiRoot: '', head: 'core', language: () => 'en', fetch, rules });
    return { api, rules };
  }

  it('logs out and goes home on code 401, in the body or as the HTTP status', async () => {
    for (const [status, code] of [
      [200, 401],
      [401, 401],
    ] as const) {
      const { api, rules } = withRules(answer(status, { code, msg: 'Please log in first' }));
      await expect(api(health)).rejects.toMatchObject({ code: 401 });
      expect(rules.logout).toHaveBeenCalledOnce();
      expect(rules.navigate).toHaveBeenCalledWith('/');
      expect(rules.showError).not.toHaveBeenCalled();
    }
  });

  it('logs out and goes to the login page on the invalid-token reason', async () => {
    const { api, rules } = withRules(
      answer(200, {
        code: 400,
        msg: 'Your session has expired; please log in again',
        data: { reason: 'invalidToken' },
      }),
    );
    await expect(api(health)).rejects.toMatchObject({ code: 400, reason: 'invalidToken' });
    expect(rules.logout).toHaveBeenCalledOnce();
    expect(rules.navigate).toHaveBeenCalledWith('/user/login');
    expect(rules.showError).not.toHaveBeenCalled();
  });

  it('decides on the reason, not the text: a Japanese invalid-token answer goes to login', async () => {
    const { api, rules } = withRules(
      answer(401, { code: 401, msg: JA_INVALID_TOKEN, data: { reason: 'invalidToken' } }),
    );
    await expect(api(health)).rejects.toMatchObject({ code: 401, reason: 'invalidToken' });
    expect(rules.logout).toHaveBeenCalledOnce();
    expect(rules.navigate).toHaveBeenCalledWith('/user/login');
  });

  it('does not take a message merely containing the invalid-token text for that reason', async () => {
    const { api, rules } = withRules(
      answer(200, {
        code: 400,
        msg: `${JA_INVALID_TOKEN} (from the withdrawal provider)`,
        data: { reason: 'failure' },
      }),
    );
    await expect(api(health)).rejects.toMatchObject({ code: 400, reason: 'failure' });
    expect(rules.logout).not.toHaveBeenCalled();
    expect(rules.navigate).not.toHaveBeenCalled();
    expect(rules.showError).toHaveBeenCalledOnce();
  });

  it('shows the server message for any other code, then rejects', async () => {
    const { api, rules } = withRules(answer(200, { code: 409, msg: 'Order already filled' }));
    await expect(api(health)).rejects.toMatchObject({ message: 'Order already filled' });
    expect(rules.showError).toHaveBeenCalledWith('Order already filled');
    expect(rules.logout).not.toHaveBeenCalled();
  });

  it('falls back to the generic message when the server gives none or no envelope', async () => {
    for (const fetch of [
      answer(200, { code: 500, msg: '' }),
      vi.fn(async () => new Response('bad gateway', { status: 502 })),
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    ]) {
      const { api, rules } = withRules(fetch as typeof globalThis.fetch);
      await expect(api(health)).rejects.toMatchObject({
        message: 'Unknown error; please try again later',
      });
      expect(rules.showError).toHaveBeenCalledWith('Unknown error; please try again later');
    }
  });

  it('rejects the second login step (code 202) without a popup', async () => {
    const { api, rules } = withRules(
      answer(200, { code: 202, msg: 'Enter the code of your authenticator', data: null }),
    );
    await expect(api(health)).rejects.toMatchObject({ code: 202 });
    expect(rules.showError).not.toHaveBeenCalled();
    expect(rules.logout).not.toHaveBeenCalled();
  });

  it('reads statuses up to 500 as answers', async () => {
    const { api, rules } = withRules(answer(500, { code: 500, msg: 'Internal error (id 7)' }));
    await expect(api(health)).rejects.toMatchObject({ code: 500 });
    expect(rules.showError).toHaveBeenCalledWith('Internal error (id 7)');
  });

  it('leaves the popup to the caller with api.quiet', async () => {
    const { api, rules } = withRules(answer(200, { code: 503, msg: 'Degraded', data: null }));
    await expect(api.quiet(health)).rejects.toMatchObject({ code: 503 });
    expect(rules.showError).not.toHaveBeenCalled();
  });

  it('gives up after the seed time-out of 300000 ms', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
  });
});

describe('api client per-call headers', () => {
  it('sends extra headers of one call, without letting them replace the token', async () => {
    const fetch = answer(200, { code: 200, msg: 'ok', data: { id: 'o-1' } });
    const api = createApiClient({
      apiRoot: '',
      head: 'core',
      language: () => 'en',
      token: () => 'tok',
      fetch,
    });
    await api(
      echo,
      { params: { symbol: 'btcusdt' }, query: {}, body: { amount: '1' } },
      { headers: { 'Idempotency-Key': 'key-1', authorization: 'Bearer other' } },
    );
    await api(echo, { params: { symbol: 'btcusdt' }, query: {}, body: { amount: '1' } });
    const first = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers;
    const second = (fetch.mock.calls[1] as unknown as [string, RequestInit])[1].headers;
    expect(first).toMatchObject({ 'Idempotency-Key': 'key-1', authorization: 'Bearer tok' });
    expect(second).not.toHaveProperty('Idempotency-Key');
  });

  it('sends a multipart form as is, leaving its content type to the browser', async () => {
    const fetch = answer(200, { code: 200, msg: 'ok', data: { id: 'f-1' } });
    const upload = defineCall({
      method: 'POST',
      path: '/api/common/upload/OSS',
      summary: 'test',
      tags: ['test'],
      auth: 'user',
      data: z.object({ id: z.string() }),
    });
    const api = createApiClient({ apiRoot: '', head: 'core', language: () => 'en', fetch });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    expect(await api(upload, undefined, { form })).toEqual({ id: 'f-1' });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });
});
