import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The help centre's search index, one row per article and language: SQLite's FTS5 in the
 * embedded database, a `tsvector` with a GIN index on PostgreSQL. Rows are written by the
 * content editor in the transaction that changes the text (search.ts says how text is
 * prepared: scripts written without spaces are indexed character by character).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .createTable('content_search')
      .addColumn('article_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('lang', 'varchar(8)', (c) => c.notNull())
      .addColumn('config', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('doc', sql`tsvector`, (c) => c.notNull())
      .addPrimaryKeyConstraint('content_search_pk', ['article_id', 'lang'])
      .execute();
    await sql`create index content_search_doc on content_search using gin (doc)`.execute(db);
    return;
  }
  await sql`
    create virtual table content_search using fts5(
      article_id unindexed, lang unindexed, title, body, tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table content_search`.execute(db);
}
