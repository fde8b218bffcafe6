import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, routePath } from '@meridian/contract';
import type { Platform } from '../src/app.ts';
import { auth, registerByEmail, startAccounts } from './accounts-helpers.ts';

// Every call, fed junk: the answer is always a 4xx in the envelope, never a 500.
const JUNK_BODIES = [
  '{',
  '[]',
  '"text"',
  '123',
  'null',
  '{}',
  '{"type":"email","username":{"$ne":null}}',
  '{"a":'.repeat(50),
];
const JUNK_PARAMS = ['%00', '..%2F..%2Fetc', 'x'.repeat(300), '-1', '1e999'];

let platform: Platform;
let token: string;

beforeAll(async () => {
  const started = await startAccounts();
  platform = started.platform;
  token = (await registerByEmail(platform.app, 'fuzz@example.org')).token;
});
afterAll(async () => {
  await platform.app.close();
});

describe.each(ALL_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_name, call) => {
  it('never answers junk with a 500', async () => {
    const statuses: number[] = [];
    for (const params of JUNK_PARAMS) {
      const url =
        routePath(call.path, 'core').replace(/:(\w+)\??/g, params) +
        '?current=abc&size=-5&email=%ZZ';
      for (const payload of JUNK_BODIES) {
        for (const headers of [{}, auth(token)]) {
          const res = await platform.app.inject({
            method: call.method,
            url,
            headers: { 'content-type': 'application/json', ...headers },
            ...(call.method === 'GET' ? {} : { payload }),
          });
          statuses.push(res.statusCode);
          expect(res.statusCode, `${call.method} ${url} ${payload}`).toBeLessThan(500);
          expect(typeof res.json().code).toBe('number');
        }
      }
    }
    expect(statuses.length).toBeGreaterThan(0);
  });
});
