import type { Platform } from '../../../app.ts';
import { auditLedger } from '../../../engine/ledger-audit.ts';
import { call, type Trader } from '../../../../test/accounts-helpers.ts';

/** The ledger invariants on the projected tables: balanced, no rule broken, rebuildable. */
export async function ledgerViolations(platform: Platform) {
  await platform.engine.projected();
  return (await auditLedger(platform.database.db)).violations;
}

/** Index ticks at known prices (USDT for one coin), journalled as the feed's would be. */
export async function setIndex(platform: Platform, prices: Record<string, string>) {
  const ticks = Object.entries(prices).map(([symbol, usdt]): [string, bigint] => [
    symbol,
    BigInt(usdt) * 1_000_000n,
  ]);
  const ack = await platform.engine.index(ticks);
  if (ack.events.some((e) => e.type === 'rejected')) throw new Error('index tick refused');
}

export function quote(platform: Platform, t: Trader, body: Record<string, unknown>) {
  return call(platform.app, 'POST', '/api/texchange/getCurrencyPrice', body, t.headers);
}

export function exchange(
  platform: Platform,
  t: Trader,
  quoteId: string,
  headers: Record<string, string> = {},
) {
  return call(
    platform.app,
    'POST',
    '/api/texchange/currencyExchange',
    { quoteId },
    { ...t.headers, ...headers },
  );
}

/** A user's available spot balance of one coin. */
export function available(platform: Platform, t: Trader, coin: string): string {
  return platform.engine.balance(t.id, coin)!.available;
}
