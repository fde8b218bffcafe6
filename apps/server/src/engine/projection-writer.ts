import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { EngineDb, EngineTables } from './tables.ts';

type Row<T extends keyof EngineTables> = Insertable<EngineTables[T]>;

/** One projection transaction: the rows of a run of acknowledged results. */
export interface ProjectionWrite {
  /** Assets listed since the last write, so their postings' decimals are known. */
  assets?: Array<Row<'ledger_assets'>>;
  orders: Array<Row<'trade_orders'>>;
  /** Orders written earlier whose fill or status changed, by id. */
  changes: Array<[id: number, set: Updateable<EngineTables['trade_orders']>]>;
  fills: Array<Row<'trade_fills'>>;
  postings: Array<Row<'ledger_postings'>>;
  balances: Array<Row<'ledger_balances'>>;
  /** The projection's name and the last sequence number the write covers. */
  name: string;
  lastSeq: number;
}

/**
 * Writes one projection transaction, all of it or nothing. `close` releases what the
 * writer holds of its own (a worker thread), once no write is in flight.
 */
export type ProjectionWriter = ((write: ProjectionWrite) => Promise<void>) & {
  close?: () => Promise<void>;
};

const CHUNK = 200;

/**
 * Through Kysely: any dialect (PostgreSQL, or SQLite when no file handle is given).
 * `fence` runs first in each transaction and throws to refuse it (a deposed leader's, in
 * a deployment with a standby engine: `PgEngineStore.fence`).
 */
export function kyselyWriter(
  db: EngineDb,
  fence?: (tx: Kysely<unknown>) => Promise<void>,
): ProjectionWriter {
  return (w) =>
    db.transaction().execute(async (tx) => {
      await fence?.(tx as unknown as Kysely<unknown>);
      for (const asset of w.assets ?? []) {
        await tx
          .insertInto('ledger_assets')
          .values(asset)
          .onConflict((oc) => oc.column('code').doUpdateSet({ decimals: asset.decimals }))
          .execute();
      }
      await insertChunks(tx, 'trade_orders', w.orders);
      for (const [id, set] of w.changes) {
        await tx.updateTable('trade_orders').set(set).where('id', '=', id).execute();
      }
      await insertChunks(tx, 'trade_fills', w.fills);
      await insertChunks(tx, 'ledger_postings', w.postings);
      // One statement per chunk rather than per account: a batch touches hundreds.
      for (let i = 0; i < w.balances.length; i += CHUNK) {
        await tx
          .insertInto('ledger_balances')
          .values(w.balances.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.column('account').doUpdateSet((eb) => ({
              balance: eb.ref('excluded.balance'),
              balance_units: eb.ref('excluded.balance_units'),
              updated_seq: eb.ref('excluded.updated_seq'),
            })),
          )
          .execute();
      }
      await tx
        .insertInto('engine_projection')
        .values({ name: w.name, last_seq: w.lastSeq })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_seq: w.lastSeq }))
        .execute();
    });
}

async function insertChunks<T extends 'trade_orders' | 'trade_fills' | 'ledger_postings'>(
  tx: Transaction<EngineTables>,
  table: T,
  rows: Array<Row<T>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot narrow a generic table's insert type; the rows are typed by the caller.
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}
