import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { sealPayload } from '@meridian/contract';
import { buildPlatform, type Platform } from '../src/app.ts';
import type { Clock } from '../src/kernel/clock.ts';
import { testConfig } from './helpers.ts';

export class TestClock implements Clock {
  constructor(public current = new Date('2026-11-22T08:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export async function startAccounts(env: Record<string, string> = {}) {
  const clock = new TestClock();
  const platform: Platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', ...env }), {
    logger: false,
    clock,
  });
  await platform.app.ready();
  rememberPlatform(platform);
  return { platform, app: platform.app, clock };
}

export const UA_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
export const UA_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

export function auth(token: string, userAgent = UA_CHROME) {
  return { authorization: `Bearer ${token}`, 'user-agent': userAgent };
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      'user-agent': UA_CHROME,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  // Tests read answers loosely; the contract's own tests pin their shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

const platforms = new WeakMap<FastifyInstance, Platform>();

/** Lets the helpers below read what `platform` sent (the HTTP outbox shows only demo accounts'). */
export function rememberPlatform(platform: Platform): Platform {
  platforms.set(platform.app, platform);
  return platform;
}

/** The messages the platform "sent" to a target, newest first, read from its outbox table. */
export async function sentTo(app: FastifyInstance, target: string) {
  const platform = platforms.get(app);
  if (!platform) throw new Error('rememberPlatform(platform) first');
  return platform.database.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('target', '=', target.startsWith('+') ? target : target.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
}

/** The latest code the platform "sent" to a target. */
export async function latestCode(app: FastifyInstance, target: string): Promise<string> {
  for (const message of await sentTo(app, target)) {
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the outbox for ${target}`);
}

export async function registerByEmail(
  app: FastifyInstance,
  email: string,
  password = 'Secret123',
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const sent = await call(app, 'POST', '/api/user/sendEmailCode', { email, purpose: 'register' });
  if (sent.status !== 200) throw new Error(`sendEmailCode: ${sent.body.msg}`);
  const code = await latestCode(app, email);
  const res = await call(
    app,
    'POST',
    '/api/user/register',
    { type: 'email', email, code, password, confirmPassword: password, ...extra },
    headers,
  );
  if (res.status !== 200) throw new Error(`register: ${res.body.msg}`);
  return res.body.data as {
    token: string;
    refreshToken: string;
    userInfo: { id: string; inviteCode: string };
  };
}

export async function seal(app: FastifyInstance, payload: unknown) {
  const key = await call(app, 'GET', '/api/user/getPublicKey');
  return sealPayload(key.body.data, payload);
}

export function totpCode(secret: string, clock: TestClock, offsetSteps = 0) {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSteps * 30 });
}

export interface Trader {
  id: string;
  headers: Record<string, string>;
}

/** Registers a user and deposits into the engine, as a confirmed deposit would. */
export async function trader(
  platform: Platform,
  email: string,
  funds: Record<string, string>,
): Promise<Trader> {
  const { token, userInfo } = await registerByEmail(rememberPlatform(platform).app, email);
  for (const [asset, amount] of Object.entries(funds)) {
    const ack = await platform.engine.deposit(userInfo.id, asset, amount, `test-${email}-${asset}`);
    if (ack.events.some((e) => e.type === 'rejected')) throw new Error('deposit refused');
  }
  return { id: userInfo.id, headers: auth(token) };
}
