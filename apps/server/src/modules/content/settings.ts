import type { DictItem, SiteSettings } from '@meridian/contract';
import { siteSettingsSchema } from '@meridian/contract';
import type { Config } from '../../kernel/config.ts';
import type { ContentDb, ContentTables } from './tables.ts';
import type { Transaction } from 'kysely';

/** The switches the pages read; a deployment turns a part off without a rebuild. */
export const DEFAULT_FEATURES = {
  banners: true,
  hotIssues: true,
  beginnerGuide: true,
  announcements: true,
};

/**
 * Site settings: the deployment's configuration (BRAND, SUPPORT_LINKS, DEFAULT_LANGUAGE)
 * gives the defaults, and what an operator saved overrides them key by key. Read from the
 * database on every call, so a change reaches every page (and every node) at once.
 */
export function createSettings(db: ContentDb, config: Config) {
  function defaults(): SiteSettings {
    return {
      brand: config.brand,
      logoUrl: '',
      images: {},
      supportLinks: [...config.supportLinks],
      // Each visitor's language decides until an operator pins one (PRODUCT.md 3).
      defaultCurrency: '',
      defaultLanguage: config.defaultLanguage,
      features: { ...DEFAULT_FEATURES },
    };
  }

  async function read(): Promise<SiteSettings> {
    const rows = await db.selectFrom('content_settings').select(['key', 'value_json']).execute();
    const merged: Record<string, unknown> = { ...defaults() };
    for (const row of rows) {
      try {
        merged[row.key] = JSON.parse(row.value_json);
      } catch {
        // A value no longer readable keeps the default rather than breaking every page.
      }
    }
    const parsed = siteSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaults();
  }

  async function write(
    trx: Transaction<ContentTables>,
    changes: Partial<SiteSettings>,
    at: number,
  ): Promise<void> {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      const valueJson = JSON.stringify(value);
      await trx
        .insertInto('content_settings')
        .values({ key, value_json: valueJson, updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: valueJson, updated_at: at }))
        .execute();
    }
  }

  return { read, write, defaults };
}

export type Settings = ReturnType<typeof createSettings>;

/** The enabled items of a dictionary, in their order; page size -521 is all of them. */
export async function dictItems(
  db: ContentDb,
  code: string,
  pageNo: number,
  pageSize: number,
): Promise<{ records: DictItem[]; total: number; current: number; size: number }> {
  const rows = await db
    .selectFrom('content_dict_items')
    .selectAll()
    .where('dict_code', '=', code)
    .where('enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('dict_value')
    .execute();
  const all = pageSize < 0;
  const page = all ? rows : rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return {
    records: page.map(toDictItem),
    total: rows.length,
    current: all ? 1 : pageNo,
    size: all ? rows.length : pageSize,
  };
}

export function toDictItem(row: ContentTables['content_dict_items']): DictItem {
  return {
    id: row.id,
    dictCode: row.dict_code,
    dictValue: row.dict_value,
    dictText: row.dict_text,
    remark: row.remark,
    imgUrl: row.img_url,
    sortOrder: Number(row.sort_order),
  };
}
