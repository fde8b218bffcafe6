import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type {
  ArticleKind,
  Language,
  OpsArticle,
  OpsArticleRow,
  OpsBannerRow,
  OpsCategoryRow,
  OpsSectionRow,
} from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import type { Search } from './search.ts';
import { toDictItem } from './settings.ts';
import { isVisible, parseLocalized, type Localized } from './texts.ts';
import type { ContentDb, ContentTables } from './tables.ts';

type Trx = Transaction<ContentTables>;
/** Runs in the change's transaction, with what was there before and what is there now. */
export type Recorder<T> = (trx: Trx, before: T | null, after: T) => Promise<void>;

export interface ArticleInput {
  id?: string | undefined;
  kind: ArticleKind;
  sectionId: string | null;
  position: number;
  hot: boolean;
  guide: boolean;
  texts: Partial<Record<Language, { title: string; summary: string; body: string }>>;
}

/**
 * The content editor's writes. Each runs in one transaction with its audit row (the
 * caller's recorder), and an article's search rows are replaced in that same transaction.
 */
export function createEditor(db: ContentDb, search: Search, now: () => number) {
  function articleRow(
    row: ContentTables['content_articles'],
    texts: Array<{ lang: string; title: string }>,
  ): OpsArticleRow {
    const en = texts.find((t) => t.lang === 'en');
    const publishedAt = row.published_at === null ? null : Number(row.published_at);
    return {
      id: row.id,
      kind: row.kind as ArticleKind,
      sectionId: row.section_id,
      position: Number(row.position),
      hot: row.hot === 1,
      guide: row.guide === 1,
      title: en?.title ?? texts[0]?.title ?? row.id,
      languages: texts.map((t) => t.lang as Language),
      published: row.published === 1,
      publishAt: publishedAt,
      visible: isVisible(row.published, publishedAt, now()),
      updatedAt: Number(row.updated_at),
    };
  }

  async function readArticle(executor: ContentDb | Trx, id: string): Promise<OpsArticle | null> {
    const row = await executor
      .selectFrom('content_articles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const texts = await executor
      .selectFrom('content_article_texts')
      .select(['lang', 'title', 'summary', 'body'])
      .where('article_id', '=', id)
      .orderBy('lang')
      .execute();
    return {
      ...articleRow(row, texts),
      texts: Object.fromEntries(
        texts.map((t) => [t.lang, { title: t.title, summary: t.summary, body: t.body }]),
      ),
    };
  }

  async function list() {
    const [categories, sections, articles, texts, banners, dicts] = await Promise.all([
      db.selectFrom('content_categories').selectAll().orderBy('position').orderBy('id').execute(),
      db.selectFrom('content_sections').selectAll().orderBy('position').orderBy('id').execute(),
      db.selectFrom('content_articles').selectAll().orderBy('kind').orderBy('position').execute(),
      db.selectFrom('content_article_texts').select(['article_id', 'lang', 'title']).execute(),
      db.selectFrom('content_banners').selectAll().orderBy('position').execute(),
      db
        .selectFrom('content_dict_items')
        .selectAll()
        .orderBy('dict_code')
        .orderBy('sort_order')
        .execute(),
    ]);
    return {
      categories: categories.map(categoryRow),
      sections: sections.map(sectionRow),
      articles: articles.map((a) =>
        articleRow(
          a,
          texts.filter((t) => t.article_id === a.id).sort((x, y) => x.lang.localeCompare(y.lang)),
        ),
      ),
      banners: banners.map((b) => bannerRow(b, now())),
      dictItems: dicts.map((d) => ({ ...toDictItem(d), enabled: d.enabled === 1 })),
    };
  }

  async function saveArticle(input: ArticleInput, record: Recorder<OpsArticle>) {
    if ((input.kind === 'help') !== (input.sectionId !== null)) {
      throw new AppError('validation', 'contentHelpNeedsSection', {}, 'body.sectionId');
    }
    return db.transaction().execute(async (trx) => {
      if (input.sectionId) {
        const section = await trx
          .selectFrom('content_sections')
          .select('id')
          .where('id', '=', input.sectionId)
          .executeTakeFirst();
        if (!section) {
          throw new AppError(
            'validation',
            'contentSectionUnknown',
            { id: input.sectionId },
            'body.sectionId',
          );
        }
      }
      const at = now();
      const id = input.id ?? `a-${randomUUID().slice(0, 12)}`;
      const before = input.id ? await readArticle(trx, id) : null;
      const values = {
        kind: input.kind,
        section_id: input.sectionId,
        position: input.position,
        hot: input.hot ? 1 : 0,
        guide: input.guide ? 1 : 0,
        updated_at: at,
      };
      await trx
        .insertInto('content_articles')
        .values({ id, ...values, published: 0, published_at: null, created_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      // The texts sent are the article's whole set: a language left out is removed.
      await trx.deleteFrom('content_article_texts').where('article_id', '=', id).execute();
      const texts = Object.entries(input.texts).flatMap(([lang, text]) =>
        text ? [{ lang, ...text }] : [],
      );
      await trx
        .insertInto('content_article_texts')
        .values(texts.map((t) => ({ article_id: id, ...t, updated_at: at })))
        .execute();
      await search.reindex(trx, id, texts);
      const after = (await readArticle(trx, id))!;
      await record(trx, before, after);
      return after;
    });
  }

  async function publish(
    id: string,
    published: boolean,
    publishAt: number | null,
    record: Recorder<OpsArticleRow>,
  ) {
    return db.transaction().execute(async (trx) => {
      const before = await readArticle(trx, id);
      if (!before) throw new AppError('notFound', 'contentNotFound');
      await trx
        .updateTable('content_articles')
        .set({
          published: published ? 1 : 0,
          // Now, unless a time is given: then readers see it from that time on.
          published_at: published ? (publishAt ?? now()) : null,
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      const after = (await readArticle(trx, id))!;
      const { texts: _before, ...beforeRow } = before;
      const { texts: _after, ...afterRow } = after;
      await record(trx, beforeRow, afterRow);
      return afterRow;
    });
  }

  async function saveCategory(
    input: { id: string; position: number; titles: Localized; descriptions: Localized },
    record: Recorder<OpsCategoryRow>,
  ) {
    return db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('content_categories')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      const values = {
        position: input.position,
        titles: JSON.stringify(input.titles),
        descriptions: JSON.stringify(input.descriptions),
        updated_at: now(),
      };
      await trx
        .insertInto('content_categories')
        .values({ id: input.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      const after = categoryRow({ id: input.id, ...values });
      await record(trx, old ? categoryRow(old) : null, after);
      return after;
    });
  }

  async function saveSection(
    input: { id: string; categoryId: string; position: number; titles: Localized },
    record: Recorder<OpsSectionRow>,
  ) {
    return db.transaction().execute(async (trx) => {
      const category = await trx
        .selectFrom('content_categories')
        .select('id')
        .where('id', '=', input.categoryId)
        .executeTakeFirst();
      if (!category) {
        throw new AppError(
          'validation',
          'contentCategoryUnknown',
          { id: input.categoryId },
          'body.categoryId',
        );
      }
      const old = await trx
        .selectFrom('content_sections')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      const values = {
        category_id: input.categoryId,
        position: input.position,
        titles: JSON.stringify(input.titles),
        updated_at: now(),
      };
      await trx
        .insertInto('content_sections')
        .values({ id: input.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      const after = sectionRow({ id: input.id, ...values });
      await record(trx, old ? sectionRow(old) : null, after);
      return after;
    });
  }

  async function saveBanner(
    input: {
      id: string;
      position: number;
      titles: Localized;
      imageUrl: string;
      link: string;
      published: boolean;
      publishAt: number | null;
    },
    record: Recorder<OpsBannerRow>,
  ) {
    return db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('content_banners')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      const values = {
        position: input.position,
        titles: JSON.stringify(input.titles),
        image_url: input.imageUrl,
        link: input.link,
        published: input.published ? 1 : 0,
        published_at: input.published ? (input.publishAt ?? now()) : null,
        updated_at: now(),
      };
      await trx
        .insertInto('content_banners')
        .values({ id: input.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      const after = bannerRow({ id: input.id, ...values }, now());
      await record(trx, old ? bannerRow(old, now()) : null, after);
      return after;
    });
  }

  async function saveDictItem(
    input: {
      dictCode: string;
      dictValue: string;
      dictText: string;
      remark: string;
      imgUrl: string;
      sortOrder: number;
      enabled: boolean;
    },
    record: Recorder<ReturnType<typeof toDictItem> & { enabled: boolean }>,
  ) {
    return db.transaction().execute(async (trx) => {
      const id = `${input.dictCode}:${input.dictValue}`;
      const old = await trx
        .selectFrom('content_dict_items')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      const values = {
        dict_text: input.dictText,
        remark: input.remark,
        img_url: input.imgUrl,
        sort_order: input.sortOrder,
        enabled: input.enabled ? 1 : 0,
      };
      await trx
        .insertInto('content_dict_items')
        .values({ id, dict_code: input.dictCode, dict_value: input.dictValue, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      const row = { id, dict_code: input.dictCode, dict_value: input.dictValue, ...values };
      const after = { ...toDictItem(row), enabled: input.enabled };
      await record(trx, old ? { ...toDictItem(old), enabled: old.enabled === 1 } : null, after);
      return after;
    });
  }

  return {
    list,
    readArticle: (id: string) => readArticle(db, id),
    saveArticle,
    publish,
    saveCategory,
    saveSection,
    saveBanner,
    saveDictItem,
  };
}

export type Editor = ReturnType<typeof createEditor>;

function categoryRow(row: ContentTables['content_categories']): OpsCategoryRow {
  return {
    id: row.id,
    position: Number(row.position),
    titles: parseLocalized(row.titles),
    descriptions: parseLocalized(row.descriptions),
  };
}

function sectionRow(row: ContentTables['content_sections']): OpsSectionRow {
  return {
    id: row.id,
    categoryId: row.category_id,
    position: Number(row.position),
    titles: parseLocalized(row.titles),
  };
}

function bannerRow(row: ContentTables['content_banners'], at: number): OpsBannerRow {
  const publishedAt = row.published_at === null ? null : Number(row.published_at);
  return {
    id: row.id,
    position: Number(row.position),
    titles: parseLocalized(row.titles),
    imageUrl: row.image_url,
    link: row.link,
    published: row.published === 1,
    publishAt: publishedAt,
    visible: isVisible(row.published, publishedAt, at),
  };
}
