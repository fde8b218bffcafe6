import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/**
 * Kysely's view of the margin history (migration 0130), written from the engine's margin
 * events once durable. Loans and levels live in the engine; this keeps what happened.
 * Amounts are decimal text in the row's coin; `account` is `all` (cross) or the pair.
 */
export interface MarginHistoryTable {
  /** `<seq>:<n>`: the engine result and the event's place in it. */
  id: string;
  seq: number;
  /** The event's place among its result's events. */
  pos: number;
  user_id: string;
  account: string;
  kind: 'borrow' | 'repay' | 'interest' | 'liquidation';
  coin: string;
  amount: string;
  insurance: string | null;
  left_owed: string | null;
  time: number;
}

/**
 * The margin warnings (migration 0131): one row per engine `margin_warning` event, written
 * with the history; `sent_at` (engine clock, ms) is set when the user is told.
 */
export interface MarginWarningTable {
  /** `<seq>:<n>`, as a history row's. */
  id: string;
  seq: number;
  pos: number;
  user_id: string;
  /** `all` (cross) or the pair. */
  account: string;
  /** The margin level the engine measured, as a decimal string. */
  level: string;
  time: number;
  sent_at: number | null;
}

export type MarginTables = KernelTables &
  Pick<EngineTables, 'engine_projection'> & {
    margin_history: MarginHistoryTable;
    margin_warnings: MarginWarningTable;
  };

export type MarginDb = Kysely<MarginTables>;
