import {
  classTotals,
  parseUnits,
  verifyLedger,
  type ClassTotals,
  type Posting,
  type Violation,
} from '@meridian/core';
import { sumUnits, unitsText } from './amount-sql.ts';
import type { EngineDb } from './tables.ts';

export interface AuditReport {
  postings: number;
  accounts: number;
  assets: number;
  /** Each asset's decimals, to print amounts. */
  decimals: Map<string, number>;
  /** Per asset, balances summed by account class, and what users are owed. */
  totals: ClassTotals[];
  violations: Array<
    | Violation
    | { kind: 'missing_posting'; id: number }
    | { kind: 'units_mismatch'; account: string; text: bigint; units: string | null }
    | { kind: 'unbalanced_asset_in_sql'; asset: string; total: string | null }
  >;
}

const PAGE = 10_000;

/**
 * Checks the ledger invariants on the SQL tables: every asset sums to zero, no account
 * breaks or ever broke its class rule, the stored balances are what the postings
 * rebuild, and no posting id is missing.
 */
export async function auditLedger(db: EngineDb): Promise<AuditReport> {
  const decimals = new Map(
    (await db.selectFrom('ledger_assets').selectAll().execute()).map((a) => [a.code, a.decimals]),
  );
  const units = (text: string, asset: string) =>
    parseUnits(text, decimals.get(asset) ?? 0, { allowNegative: true });

  const postings: Posting[] = [];
  const violations: AuditReport['violations'] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('ledger_postings')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const id = Number(row.id);
      for (let missing = after + 1; missing < id; missing++) {
        violations.push({ kind: 'missing_posting', id: missing });
      }
      after = id;
      postings.push({
        id,
        asset: row.asset,
        from: row.from_account,
        to: row.to_account,
        amount: units(row.amount, row.asset),
        reason: row.reason as Posting['reason'],
        refKind: row.ref_kind as Posting['refKind'],
        refId: row.ref_id,
        ts: Number(row.created_at),
      });
    }
    if (rows.length < PAGE) break;
  }
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['account', 'asset', 'balance', unitsText('balance_units').as('units')])
    .execute();
  const balances = rows.map((row): [string, bigint] => [
    row.account,
    units(row.balance, row.asset),
  ]);
  violations.push(...verifyLedger(postings, balances));
  // The minor-units columns the database totals must say what the text says, and the
  // database's own total of each asset must be zero as well.
  for (const [i, [account, balance]] of balances.entries()) {
    const stored = rows[i]!.units;
    if (stored !== balance.toString()) {
      violations.push({ kind: 'units_mismatch', account, text: balance, units: stored });
    }
  }
  const sums = await db
    .selectFrom('ledger_balances')
    .select(['asset', sumUnits('balance_units').as('total')])
    .groupBy('asset')
    .execute();
  for (const { asset, total } of sums) {
    if (total !== '0') violations.push({ kind: 'unbalanced_asset_in_sql', asset, total });
  }
  return {
    postings: postings.length,
    accounts: balances.length,
    assets: decimals.size,
    decimals,
    totals: classTotals(balances),
    violations,
  };
}
