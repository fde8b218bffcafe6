import type { UserEvent } from '@meridian/contract';
import { formatUnits, type CommandResult, type EngineEvent } from '@meridian/core';
import type { Insertable } from 'kysely';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { SecondContractsTable, SecondsDb } from './tables.ts';
import { followResults } from '../../engine/follow-results.ts';

type Settled = Extract<EngineEvent, { type: 'seconds_settled' }>;
type Row = Insertable<SecondContractsTable>;

const NAME = 'seconds';
// 23 columns: 1,000 rows stay under SQLite's 32,766 bound parameters per statement.
const CHUNK = 1_000;

export interface SettlementOptions {
  db: SecondsDb;
  engine: EngineFront;
  decimalsOf: (asset: string) => number;
  /** The index feed's name, stored as the settling tick's source. */
  source: () => string;
  publish: (user: string, event: UserEvent) => void;
  onError: (error: unknown) => void;
}

/**
 * Writes each settled contract, with its settling tick, once the engine's result is
 * durable, then tells its owner (the seed's "settlement" message). Rows and the cursor
 * (the last settlement's sequence number) share a transaction. The engine keeps its
 * journal until this has written everything up to a snapshot (`holdSnapshotsFor`), and
 * at start-up the results after the cursor are written first (once, by id), so a
 * settlement a crash or a shutdown caught between the journal and this table is written
 * on the next start.
 */
export async function startSettlements(options: SettlementOptions) {
  const { db, engine } = options;
  const state = await db
    .selectFrom('engine_projection')
    .select('last_seq')
    .where('name', '=', NAME)
    .executeTakeFirst();
  const cursor = Number(state?.last_seq ?? 0);
  const rowsOf = (results: readonly CommandResult[]) => {
    const settled: Settled[] = [];
    for (const r of results) {
      for (const e of r.events) if (e.type === 'seconds_settled') settled.push(e);
    }
    return settled;
  };
  const write = async (settled: Settled[], lastSeq: number) => {
    const source = options.source();
    const rows = settled.map((e) => row(e, options.decimalsOf(e.contract.asset), source));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('second_contracts')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      await trx
        .insertInto('engine_projection')
        .values({ name: NAME, last_seq: lastSeq })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_seq: lastSeq }))
        .execute();
    });
    return rows;
  };

  return followResults({
    engine,
    cursor,
    select: (results) => {
      const settled = rowsOf(results);
      return settled.length > 0 ? settled : null;
    },
    write: async (settled, lastSeq) => {
      const rows = await write(settled, lastSeq);
      for (const r of rows) options.publish(r.user_id, message(r));
    },
    onError: options.onError,
  });
}

function row(e: Settled, decimals: number, source: string): Row {
  const c = e.contract;
  const text = (units: bigint) => formatUnits(units, decimals);
  return {
    id: c.id,
    user_id: c.user,
    symbol: c.market,
    coin: c.asset,
    direction: c.direction,
    period: c.period,
    stake: text(c.stake),
    charge: text(c.charge),
    profit_bps: c.profitBps,
    loss_bps: c.lossBps,
    open_price: text(c.openPrice),
    open_tick_seq: c.openTickSeq,
    opened_at: c.openedAt,
    expiry: c.expiry,
    outcome: e.outcome,
    payout: text(e.payout),
    pnl: text(e.pnl),
    close_price: text(e.closePrice),
    close_tick_seq: e.closeTickSeq,
    closed_at: e.closeTs,
    close_source: source,
    client_ref: c.clientRef ?? null,
  };
}

function message(r: Row): UserEvent {
  return {
    type: 'settlement',
    orderId: String(r.id),
    symbol: r.symbol,
    outcome: r.outcome,
    closePrice: r.close_price,
    closeTime: Number(r.closed_at),
    tickId: String(r.close_tick_seq),
    profitLoss: r.pnl,
    payout: r.payout,
  };
}
