/** Kysely's view of the tables; one interface per table, named as in SQL. */
export interface PlatformMetaTable {
  key: string;
  value: string;
}

export interface DatabaseSchema {
  platform_meta: PlatformMetaTable;
}
