import type { UserEvent } from '@meridian/contract';
import { formatUnits, type CommandResult, type EngineEvent } from '@meridian/core';
import type { Insertable } from 'kysely';
import type { EngineHost } from '../../engine/engine-host.ts';
import type { SecondContractsTable, SecondsDb } from './tables.ts';

type Settled = Extract<EngineEvent, { type: 'seconds_settled' }>;
type Row = Insertable<SecondContractsTable>;

const NAME = 'seconds';
// 23 columns: 1,000 rows stay under SQLite's 32,766 bound parameters per statement.
const CHUNK = 1_000;

export interface SettlementOptions {
  db: SecondsDb;
  engine: EngineHost;
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

  // One write at a time, in order. `reached` is the last sequence number whose
  // settlements are all written; after a failed write it stops, so snapshots stop
  // pruning the journal and the next start writes what is missing.
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let failed = false;
  let reached = 0;
  const advance = (seq: number) => {
    if (!failed && seq > reached) reached = seq;
  };
  // Nothing to write up to `seq`: projected as far as this module goes once what is ahead is.
  const advanceInTurn = (seq: number) => {
    if (pending === 0) advance(seq);
    else queue = queue.then(() => advance(seq));
  };
  const enqueue = (results: readonly CommandResult[]) => {
    const settled = rowsOf(results);
    const lastSeq = results.at(-1)!.seq;
    if (settled.length === 0) {
      advanceInTurn(lastSeq);
      return;
    }
    pending += 1;
    queue = queue
      .then(async () => {
        const rows = await write(settled, lastSeq);
        advance(lastSeq);
        for (const r of rows) options.publish(r.user_id, message(r));
      })
      .catch((error: unknown) => {
        failed = true;
        options.onError(error);
      })
      .finally(() => {
        pending -= 1;
      });
  };

  // In one turn: what became durable before this listener (the replay after a restart,
  // commands other modules sent while starting), then everything after it.
  const missed = engine.resultsSince(cursor);
  if (missed.length > 0) enqueue(missed);
  // Up to the restart: written before, or among the results just queued.
  advanceInTurn(engine.restored.seq);
  engine.onDurable(enqueue);
  engine.holdSnapshotsFor(() => reached);
  await queue;
  return {
    /** Resolves once every settlement seen so far is written and published. */
    flushed: () => queue,
  };
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
