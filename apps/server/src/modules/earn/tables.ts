import type { Kysely } from 'kysely';
import type { Claimed } from '../../kernel/cluster/intents.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/**
 * Kysely's view of the earn tables (migrations 0090 and 0091), named as in SQL. Amounts
 * are integer minor units of the product's coin (`*_units`, read back as text: SQLite
 * answers a JS number); rates are decimal text, at most 6 places.
 */

/** A product's published terms. Changing one changes future subscriptions only. */
export interface EarnProductsTable {
  id: string;
  kind: 'pledge' | 'finance';
  section: 'benefit' | 'vip' | 'ordinary' | null;
  coin: string;
  min_units: string | number;
  max_units: string | number;
  daily_rate: string;
  cycle_days: number;
  per_user_limit: number;
  capacity_units: string | number;
  /** Principal subscribed so far (open and closed orders): moved by conditional updates only. */
  subscribed_units: string | number;
  penalty_rate: string;
  time_zone: string;
  vip_only: number;
  state: 'active' | 'paused';
  created_at: number;
  updated_at: number;
}

/** How many orders a user has placed on a product, ever: the purchasable count's counter. */
export interface EarnUserCountsTable {
  product_id: string;
  user_id: string;
  count: number;
}

/**
 * An order (position) with the terms it was opened on. States: `opening` (recorded, the
 * engine not yet answered), `active`, `maturing`/`redeeming` (closing sent), `completed`,
 * `redeemed`, `refused` (the engine refused the opening; its counters were given back).
 */
/** `Claimed`: the process that opens or closes it (`kernel/cluster/intents.ts`). */
export interface EarnPositionsTable extends Claimed {
  id: string;
  user_id: string;
  product_id: string;
  kind: 'pledge' | 'finance';
  section: 'benefit' | 'vip' | 'ordinary' | null;
  coin: string;
  principal_units: string | number;
  daily_rate: string;
  daily_units: string | number;
  cycle_days: number;
  penalty_rate: string;
  time_zone: string;
  /** The local date of the subscription: day k pays when date + k begins. */
  subscribed_date: string;
  start_date: string;
  end_date: string;
  paid_days: number;
  /** When the next unpaid day falls due (epoch ms); what the runner's query reads. */
  next_due_at: number;
  state: 'opening' | 'active' | 'maturing' | 'redeeming' | 'completed' | 'redeemed' | 'refused';
  penalty_units: string | number;
  returned_units: string | number;
  created_at: number;
  closed_at: number | null;
}

/** One paid day of a position: the unique key (position, day) is paid once, ever. */
export interface EarnAccrualsTable {
  position_id: string;
  day: number;
  /** The local date the day was earned on (the day before it paid). */
  date: string;
  user_id: string;
  product_id: string;
  coin: string;
  amount_units: string | number;
  paid_at: number;
}

export type EarnTables = KernelTables & {
  earn_products: EarnProductsTable;
  earn_user_counts: EarnUserCountsTable;
  earn_positions: EarnPositionsTable;
  earn_accruals: EarnAccrualsTable;
};

export type EarnDb = Kysely<EarnTables>;
