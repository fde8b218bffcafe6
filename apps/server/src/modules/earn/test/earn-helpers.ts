import { dueAt } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { auth, call, rememberPlatform, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig } from '../../../../test/helpers.ts';
import type { SignedInOperator } from '../../../../test/operator-helpers.ts';

export const HK = 'Asia/Hong_Kong';
/** 16:00 in Hong Kong: the subscription's local date is 2026-11-22. */
export const T0 = Date.parse('2026-11-22T08:00:00.000Z');
export const SUBSCRIBED = '2026-11-22';

/** The platform's clock, moved by the test: days pass without waiting for them. */
export class TestClock implements Clock {
  constructor(public ms = T0) {}
  now() {
    return new Date(this.ms);
  }
  /** One hour into day `k`'s local date (when day k of a T0 order has come due). */
  toDay(k: number, subscribed = SUBSCRIBED) {
    this.ms = dueAt(subscribed, k, HK) + 3_600_000;
  }
}

export const quietConfig = (env: Record<string, string> = {}) =>
  testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000', ...env });

export async function startEarn(
  clock: TestClock,
  options: { database?: Database; config?: ReturnType<typeof quietConfig> } = {},
): Promise<Platform> {
  const platform = rememberPlatform(
    await buildPlatform(options.config ?? quietConfig(), {
      logger: false,
      clock,
      ...(options.database ? { database: options.database } : {}),
    }),
  );
  await platform.app.ready();
  return platform;
}

export const PRODUCT = {
  kind: 'pledge',
  section: null,
  coin: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  dailyRate: '0.0012',
  cycleDays: 30,
  perUserLimit: 3,
  capacity: '100000',
  penaltyRate: '0.03',
  timeZone: HK,
};

/** An operator's product, funded with `fund` USDT; its id. */
export async function product(
  platform: Platform,
  admin: SignedInOperator,
  fields: Record<string, unknown> = {},
  fund = '10000',
): Promise<string> {
  const saved = await call(
    platform.app,
    'POST',
    '/api/ops/earn/products',
    { ...PRODUCT, ...fields },
    admin.headers,
  );
  if (saved.body.code !== 200) throw new Error(JSON.stringify(saved.body));
  const id = saved.body.data.id as string;
  if (fund !== '0') {
    const funded = await call(
      platform.app,
      'POST',
      '/api/ops/earn/products/fund',
      { id, amount: fund, reference: `fund-${id}` },
      admin.headers,
    );
    if (funded.body.code !== 200) throw new Error(JSON.stringify(funded.body));
  }
  return id;
}

/** A user with `amount` USDT in their finance wallet (deposited to spot, moved by transfer). */
export async function saver(platform: Platform, email: string, amount = '5000') {
  const user = await trader(platform, email, { USDT: amount });
  const ack = await platform.engine.transfer(
    user.id,
    'USDT',
    { from: 'spot', to: 'finance' },
    amount,
    `to-finance-${email}`,
  );
  if (ack.events.some((e) => e.type === 'rejected')) throw new Error('transfer refused');
  return user;
}

export const financeUsdt = (platform: Platform, user: string) =>
  platform.engine.walletBalances(user, 'finance').find((b) => b.asset === 'USDT')?.available;

/** A fresh session for a test user once the clock has moved past their first one's life. */
export async function signInAgain(platform: Platform, email: string) {
  const res = await call(platform.app, 'POST', '/api/user/login', {
    type: 'email',
    username: email,
    password: 'Secret123',
  });
  if (res.status !== 200) throw new Error(`login: ${res.body.msg}`);
  return auth(res.body.data.token as string);
}
