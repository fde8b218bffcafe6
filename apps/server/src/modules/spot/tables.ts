import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Spot keeps no tables of its own: it reads what the engine projects. */
export type SpotDb = Kysely<EngineTables & KernelTables>;
