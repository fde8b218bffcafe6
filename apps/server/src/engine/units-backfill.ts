import { parseUnits, type EngineConfig } from '@meridian/core';
import type { EngineDb } from './tables.ts';

const PAGE = 2_000;

/**
 * Gives rows written before migration 0009 their integer minor units, read from their
 * text at their asset's decimals. Runs when the projector opens (it knows every asset
 * and market); a database without such rows costs one query per table.
 */
export async function backfillUnits(db: EngineDb, config: EngineConfig): Promise<number> {
  const decimals = new Map(config.assets.map((a) => [a.code, a.decimals]));
  const specs = new Map(config.markets.map((m) => [m.symbol, m]));
  const units = (text: string, places: number | undefined, what: string) => {
    if (places === undefined) throw new Error(`units backfill: ${what} has no configured asset`);
    return parseUnits(text, places, { allowNegative: true }).toString();
  };

  const postings = await inPages(
    () =>
      db
        .selectFrom('ledger_postings')
        .select(['id', 'asset', 'amount'])
        .where('amount_units', 'is', null)
        .limit(PAGE)
        .execute(),
    (row) =>
      db
        .updateTable('ledger_postings')
        .set({ amount_units: units(row.amount, decimals.get(row.asset), `posting ${row.id}`) })
        .where('id', '=', Number(row.id))
        .execute(),
  );
  const balances = await inPages(
    () =>
      db
        .selectFrom('ledger_balances')
        .select(['account', 'asset', 'balance'])
        .where('balance_units', 'is', null)
        .limit(PAGE)
        .execute(),
    (row) =>
      db
        .updateTable('ledger_balances')
        .set({ balance_units: units(row.balance, decimals.get(row.asset), row.account) })
        .where('account', '=', row.account)
        .execute(),
  );
  const fills = await inPages(
    () =>
      db
        .selectFrom('trade_fills')
        .select(['id', 'market', 'price', 'quantity'])
        .where('price_units', 'is', null)
        .limit(PAGE)
        .execute(),
    (row) => {
      const spec = specs.get(row.market);
      return db
        .updateTable('trade_fills')
        .set({
          price_units: units(row.price, spec?.quote.decimals, `fill ${row.id}`),
          quantity_units: units(row.quantity, spec?.base.decimals, `fill ${row.id}`),
        })
        .where('id', '=', Number(row.id))
        .execute();
    },
  );
  return postings + balances + fills;
}

/** Updates each row `next` returns until it returns a short page (updated rows drop out). */
async function inPages<R>(next: () => Promise<R[]>, update: (row: R) => Promise<unknown>) {
  let done = 0;
  for (;;) {
    const rows = await next();
    for (const row of rows) await update(row);
    done += rows.length;
    if (rows.length < PAGE) return done;
  }
}
