import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the second-contract tables (migrations 0060 and 0061), named as in SQL. */

/** One published period of a market. Rates are decimal fractions, stakes whole coins. */
export interface SecondPeriodsTable {
  id: string;
  symbol: string;
  seconds: number;
  profit_rate: string;
  loss_rate: string;
  min_stake: string;
  max_stake: string;
  charge_rate: string;
  enabled: number;
  updated_at: number;
}

/** A settled contract with its open and settling ticks. Amounts are decimal text. */
export interface SecondContractsTable {
  id: number;
  user_id: string;
  symbol: string;
  coin: string;
  direction: 'up' | 'down';
  period: number;
  stake: string;
  charge: string;
  profit_bps: number;
  loss_bps: number;
  open_price: string;
  open_tick_seq: number;
  opened_at: number;
  expiry: number;
  outcome: 'win' | 'loss' | 'tie';
  payout: string;
  pnl: string;
  close_price: string;
  close_tick_seq: number;
  closed_at: number;
  close_source: string;
  client_ref: string | null;
}

export type SecondsTables = KernelTables &
  Pick<EngineTables, 'engine_projection'> & {
    second_periods: SecondPeriodsTable;
    second_contracts: SecondContractsTable;
  };

export type SecondsDb = Kysely<SecondsTables>;
