import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/**
 * The wallet owns no table: balances are the engine's ledger, bills its projected
 * postings (`ledger_postings`, `ledger_balances`), read only.
 */
export type WalletDb = Kysely<KernelTables & EngineTables>;
