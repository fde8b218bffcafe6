import { routePath } from '@meridian/contract';
import type { Platform } from '../../../app.ts';
import { call } from '../../../../test/accounts-helpers.ts';

export const api = (path: string) => routePath(path, 'core');

import type { Trader } from '../../../../test/accounts-helpers.ts';

export { trader, type Trader } from '../../../../test/accounts-helpers.ts';

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
