import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, health } from '@meridian/contract';
import { ApiError, createApiClient } from './client.ts';

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
