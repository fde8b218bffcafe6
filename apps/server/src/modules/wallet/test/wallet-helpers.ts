import { routePath } from '@meridian/contract';
import type { Platform } from '../../../app.ts';
import { auditLedger } from '../../../engine/ledger-audit.ts';
import { call, type Trader } from '../../../../test/accounts-helpers.ts';

export { startAccounts, trader, type Trader } from '../../../../test/accounts-helpers.ts';

export const api = (path: string) => routePath(path, 'core');

export function transfer(
  platform: Platform,
  t: Trader,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call(platform.app, 'POST', '/api/asset/transferFunds', body, { ...t.headers, ...headers });
}

/** `wallet/trans`: the same transfer in the query string. */
export function trans(
  platform: Platform,
  t: Trader,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(query).toString();
  return call(platform.app, 'GET', api(`/api/{head}/coin/wallet/trans?${qs}`), undefined, {
    ...t.headers,
    ...headers,
  });
}

/** One coin's available balance in each of the three wallets: spot, contract, finance. */
export async function held(platform: Platform, t: Trader, coin: string): Promise<string[]> {
  const out: string[] = [];
  for (const type of ['1', '2', '3']) {
    const res = await call(
      platform.app,
      'GET',
      api(`/api/{head}/coin/assets/getMyBalance?type=${type}`),
      undefined,
      t.headers,
    );
    const row = (res.body.data as { coin: string; available: string }[]).find(
      (r) => r.coin === coin,
    );
    out.push(row!.available);
  }
  return out;
}

export function bills(platform: Platform, t: Trader, body: Record<string, unknown> = {}) {
  return call(platform.app, 'POST', api('/api/{head}/coin/assets/getMyBill'), body, t.headers);
}

/** The ledger invariants on the projected tables: balanced, no rule broken, rebuildable. */
export async function ledgerViolations(platform: Platform) {
  await platform.engine.projected();
  return (await auditLedger(platform.database.db)).violations;
}
