import { routePath } from '@meridian/contract';
import type { Platform } from '../../../app.ts';
import {
  auth,
  call,
  registerByEmail,
  rememberPlatform,
} from '../../../../test/accounts-helpers.ts';

export const api = (path: string) => routePath(path, 'core');

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

export async function wallet(platform: Platform, t: Trader, base = 'btc', quote = 'usdt') {
  const res = await call(
    platform.app,
    'GET',
    api(`/api/{head}/coin/wallet/get/${base}/${quote}`),
    undefined,
    t.headers,
  );
  return res.body.data as {
    base: { coin: string; available: string; held: string };
    quote: { coin: string; available: string; held: string };
  };
}

export function submit(
  platform: Platform,
  t: Trader,
  body: unknown,
  extra: Record<string, string> = {},
) {
  return call(platform.app, 'POST', '/api/currency/order/submit', body, { ...t.headers, ...extra });
}

export async function systemBalance(platform: Platform, account: string): Promise<string> {
  await platform.engine.projected();
  const row = await platform.database.db
    .selectFrom('ledger_balances')
    .select('balance')
    .where('account', '=', account)
    .executeTakeFirst();
  return row?.balance ?? '0';
}
