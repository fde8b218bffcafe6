// `npm run ledger:verify`: checks the ledger invariants on the live database of DATA_DIR
// (or DATABASE_URL) and exits 1 on any violation, 2 when it cannot check at all.
import { formatUnits } from '@meridian/core';
import { ConfigError, loadConfig } from '../kernel/config.ts';
import { openDatabase } from '../kernel/db/database.ts';
import { auditLedger, type AuditReport } from '../engine/ledger-audit.ts';

const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await auditLedger(database.db);
    const where = database.driver === 'sqlite' ? `sqlite in ${config.dataDir}` : 'postgres';
    if (report.violations.length === 0) {
      console.log(
        `ledger ok (${where}): ${report.postings} postings, ${report.accounts} accounts, ` +
          `${report.assets} assets; every asset sums to zero, every account keeps its class rule ` +
          `(wallets, funds, pools and market making never negative, debts never positive), ` +
          `balances equal their rebuild from postings`,
      );
      printTotals(report.totals, report.decimals);
      return 0;
    }
    console.error(`ledger VIOLATED (${where}): ${report.violations.length} violation(s)`);
    for (const v of report.violations.slice(0, 50)) console.error(`  ${json(v)}`);
    return 1;
  } catch (error) {
    console.error(`ledger:verify could not read the ledger: ${String(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}

/** What users are owed per asset, apart from the operator's market-making money. */
function printTotals(totals: AuditReport['totals'], decimals: Map<string, number>) {
  const text = (asset: string, v: bigint) => formatUnits(v, decimals.get(asset) ?? 0);
  for (const { asset, totals: t, userLiabilities } of totals) {
    console.log(
      `  ${asset}: owed to users ${text(asset, userLiabilities)} ` +
        `(wallets ${text(asset, t.user)}, debts ${text(asset, t.debt)}); ` +
        `market making ${text(asset, t.market_making)}; pools ${text(asset, t.pool)}; ` +
        `system ${text(asset, t.system)}`,
    );
  }
}

process.exitCode = await main();
