import { formatRate, formatUnits, type CommandResult, type MarginWallet } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { MarginDb, MarginHistoryTable, MarginWarningTable } from './tables.ts';
import { followResults } from '../../engine/follow-results.ts';

const NAME = 'margin';
const CHUNK = 500;
const KINDS = new Set([
  'margin_borrowed',
  'margin_repaid',
  'margin_interest',
  'margin_liquidated',
  'margin_warning',
]);

/** `all` for the cross account, the pair for an isolated one. */
export function accountName(wallet: MarginWallet): string {
  return wallet === 'margin' ? 'all' : wallet.slice('margin.'.length);
}

/**
 * Writes the margin history from the engine's durable results: each borrow, repayment,
 * hour of interest and liquidation close-out, one row per event. Rows and the cursor
 * share a transaction; at start the results after the cursor are written first and the
 * engine keeps its journal until they are, so a crash loses nothing and writes nothing
 * twice (a row's id is its result's sequence number and place). Warnings are written the
 * same way, to `margin_warnings`; `onWarnings` runs after each write that held any (the
 * notices go out from that table, each once).
 */
export async function startMarginProjection(
  db: MarginDb,
  engine: EngineFront,
  onError: (e: unknown) => void,
  onWarnings: () => void = () => {},
) {
  const state = await db
    .selectFrom('engine_projection')
    .select('last_seq')
    .where('name', '=', NAME)
    .executeTakeFirst();
  const cursor = Number(state?.last_seq ?? 0);
  const text = (asset: string, units: bigint) =>
    formatUnits(units, engine.asset(asset)?.decimals ?? 8);

  const rowsOf = (results: readonly CommandResult[]) => {
    const rows: MarginHistoryTable[] = [];
    const warnings: MarginWarningTable[] = [];
    for (const result of results) {
      result.events.forEach((e, n) => {
        const base = { id: `${result.seq}:${n}`, seq: result.seq, pos: n, time: result.ts };
        switch (e.type) {
          case 'margin_borrowed':
          case 'margin_repaid':
          case 'margin_interest':
            rows.push({
              ...base,
              user_id: e.user,
              account: accountName(e.wallet),
              kind:
                e.type === 'margin_borrowed'
                  ? 'borrow'
                  : e.type === 'margin_repaid'
                    ? 'repay'
                    : 'interest',
              coin: e.asset,
              amount: text(e.asset, e.amount),
              insurance: null,
              left_owed: null,
            });
            break;
          case 'margin_liquidated':
            rows.push({
              ...base,
              user_id: e.user,
              account: accountName(e.wallet),
              kind: 'liquidation',
              coin: e.asset,
              amount: text(e.asset, e.repaid),
              insurance: text(e.asset, e.insurance),
              left_owed: text(e.asset, e.left),
            });
            break;
          case 'margin_warning':
            warnings.push({
              ...base,
              user_id: e.user,
              account: accountName(e.wallet),
              level: formatRate(e.level),
              sent_at: null,
            });
            break;
          default:
            break;
        }
      });
    }
    return { rows, warnings };
  };

  const write = async (results: readonly CommandResult[], lastSeq: number) => {
    const { rows, warnings } = rowsOf(results);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('margin_history')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      for (let i = 0; i < warnings.length; i += CHUNK) {
        await trx
          .insertInto('margin_warnings')
          .values(warnings.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      await trx
        .insertInto('engine_projection')
        .values({ name: NAME, last_seq: lastSeq })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_seq: lastSeq }))
        .execute();
    });
    if (warnings.length > 0) onWarnings();
  };

  return followResults({
    engine,
    cursor,
    select: (results) =>
      results.some((r) => r.events.some((e) => KINDS.has(e.type))) ? results : null,
    write,
    onError,
  });
}
