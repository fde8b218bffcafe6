import type { SpotMarketRules } from '@meridian/contract';
import { formatUnits, SECURITY_FUND_DIVISOR, systemAccount } from '@meridian/core';
import type { SpotDb } from './tables.ts';
import type { Catalogue } from '../markets/index.ts';

/** Digits enough to write 1/SECURITY_FUND_DIVISOR exactly (it is 1/10). */
const SHARE_DECIMALS = 6;

/**
 * The asset security fund's balance per listed coin (zero included, so the page lists
 * every coin a fee can be paid in), read from the projected ledger: only postings that
 * are durable in the engine's journal are counted.
 */
export async function securityFundBalances(db: SpotDb, coins: readonly string[]) {
  const accounts = coins.map((coin) => systemAccount('security_fund', coin));
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['account', 'balance'])
    .where('account', 'in', accounts)
    .execute();
  const byAccount = new Map(rows.map((row) => [row.account, row.balance]));
  return {
    feeShare: formatUnits(10n ** BigInt(SHARE_DECIMALS) / SECURITY_FUND_DIVISOR, SHARE_DECIMALS),
    balances: coins.map((coin, i) => ({
      coin,
      amount: byAccount.get(accounts[i]!) ?? '0',
    })),
  };
}

/**
 * Every spot market's published rules, as decimal strings, from the catalogue as it is
 * now (a market listed, paused or repriced a moment ago included).
 */
export function spotMarketRules(catalogue: Catalogue): SpotMarketRules[] {
  return catalogue
    .markets()
    .filter((m) => m.lists.spot)
    .map(({ symbol, spec, state }) => ({
      symbol,
      base: spec.base.code,
      quote: spec.quote.code,
      // A tick is quote minor units per whole base unit; a lot is base minor units.
      tickSize: formatUnits(spec.tickSize, spec.quote.decimals),
      lotSize: formatUnits(spec.lotSize, spec.base.decimals),
      minNotional: formatUnits(spec.minNotional, spec.quote.decimals),
      // Basis points: 10 bps is 0.001 of the amount, 500 bps is 5 percent.
      makerFeeRate: formatUnits(BigInt(spec.makerFeeBps), 4),
      takerFeeRate: formatUnits(BigInt(spec.takerFeeBps), 4),
      priceBandPercent: formatUnits(BigInt(spec.bandBps), 2),
      state,
    }));
}
