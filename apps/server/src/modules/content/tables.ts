import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the content tables (migrations 0085 and 0086), named as in SQL. */

export interface ContentCategoriesTable {
  id: string;
  position: number;
  /** JSON: title per language. */
  titles: string;
  descriptions: string;
  updated_at: number;
}

export interface ContentSectionsTable {
  id: string;
  category_id: string;
  position: number;
  titles: string;
  updated_at: number;
}

export interface ContentArticlesTable {
  id: string;
  kind: string;
  section_id: string | null;
  position: number;
  hot: number;
  guide: number;
  published: number;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ContentArticleTextsTable {
  article_id: string;
  lang: string;
  title: string;
  summary: string;
  body: string;
  updated_at: number;
}

export interface ContentBannersTable {
  id: string;
  position: number;
  titles: string;
  image_url: string;
  link: string;
  published: number;
  published_at: number | null;
  updated_at: number;
}

export interface ContentDictItemsTable {
  id: string;
  dict_code: string;
  dict_value: string;
  dict_text: string;
  remark: string;
  img_url: string;
  sort_order: number;
  enabled: number;
}

export interface ContentSettingsTable {
  key: string;
  value_json: string;
  updated_at: number;
}

export interface ContentImagesTable {
  id: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
  operator_id: string;
  created_at: number;
}

export type ContentTables = KernelTables & {
  content_images: ContentImagesTable;
  content_categories: ContentCategoriesTable;
  content_sections: ContentSectionsTable;
  content_articles: ContentArticlesTable;
  content_article_texts: ContentArticleTextsTable;
  content_banners: ContentBannersTable;
  content_dict_items: ContentDictItemsTable;
  content_settings: ContentSettingsTable;
};

export type ContentDb = Kysely<ContentTables>;
