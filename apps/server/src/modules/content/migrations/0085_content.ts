import type { Kysely } from 'kysely';

/**
 * The content tables (issue 23): help-centre categories and sections, articles of every
 * kind with their text per language, home-page banners, dictionaries and site settings;
 * and the permission that edits them (admin; an admin may give it to other roles).
 * Titles of categories, sections and banners are short: one JSON object per row, keyed by
 * language. Article text is long and searched: one row per language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_categories')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('descriptions', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('content_sections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('category_id', 'varchar(64)', (c) => c.notNull().references('content_categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('content_articles')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('section_id', 'varchar(64)', (c) => c.references('content_sections.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hot', 'integer', (c) => c.notNull())
    .addColumn('guide', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    // When it went or goes public (ms); readers see it only once this has passed.
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_articles_kind_published')
    .on('content_articles')
    .columns(['kind', 'published', 'published_at'])
    .execute();
  await db.schema
    .createTable('content_article_texts')
    .addColumn('article_id', 'varchar(64)', (c) => c.notNull().references('content_articles.id'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_article_texts_pk', ['article_id', 'lang'])
    .execute();
  await db.schema
    .createTable('content_banners')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('content_dict_items')
    .addColumn('id', 'varchar(110)', (c) => c.primaryKey())
    .addColumn('dict_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('dict_value', 'varchar(64)', (c) => c.notNull())
    .addColumn('dict_text', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addUniqueConstraint('content_dict_items_code_value', ['dict_code', 'dict_value'])
    .execute();
  await db.schema
    .createTable('content_settings')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values([{ role: 'admin', permission: 'content.manage' }])
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
  // The language dictionary every deployment has: the picker shows each with its flag.
  const languages: Array<[string, string, string]> = [
    ['en', 'English', 'English'],
    ['ja', '日本語', 'Japanese'],
    ['ko', '한국어', 'Korean'],
    ['zh', '简体中文', 'Chinese (Simplified)'],
    ['pt', 'Português', 'Portuguese'],
    ['vi', 'Tiếng Việt', 'Vietnamese'],
    ['th', 'ไทย', 'Thai'],
    ['es', 'Español', 'Spanish'],
    ['fr', 'Français', 'French'],
    ['ru', 'Русский', 'Russian'],
    ['de', 'Deutsch', 'German'],
    ['it', 'Italiano', 'Italian'],
    ['tw', '繁體中文', 'Chinese (Traditional)'],
  ];
  await (
    db as Kysely<{
      content_dict_items: {
        id: string;
        dict_code: string;
        dict_value: string;
        dict_text: string;
        remark: string;
        img_url: string;
        sort_order: number;
        enabled: number;
      };
    }>
  )
    .insertInto('content_dict_items')
    .values(
      languages.map(([code, name, english], i) => ({
        id: `language:${code}`,
        dict_code: 'language',
        dict_value: code,
        dict_text: name,
        remark: english,
        img_url: `/flags/${code}.svg`,
        sort_order: i,
        enabled: 1,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'content_settings',
    'content_dict_items',
    'content_banners',
    'content_article_texts',
    'content_articles',
    'content_sections',
    'content_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
