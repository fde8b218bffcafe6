import type { Article, ArticleKind, ArticleSummary, Banner, Language } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { parseLocalized, pick, summaryOf } from './texts.ts';
import type { ContentArticlesTable, ContentDb } from './tables.ts';

type ArticleRow = Pick<
  ContentArticlesTable,
  'id' | 'kind' | 'section_id' | 'hot' | 'guide' | 'published_at' | 'position' | 'updated_at'
>;

/**
 * What readers see: only published articles and banners whose time has come, each in the
 * reader's language or, where it has none, in English.
 */
export function createReader(db: ContentDb, now: () => number) {
  function visibleArticles() {
    return db
      .selectFrom('content_articles')
      .select([
        'id',
        'kind',
        'section_id',
        'hot',
        'guide',
        'published_at',
        'position',
        'updated_at',
      ])
      .where('published', '=', 1)
      .where('published_at', '<=', now());
  }

  /** The texts of these articles in `lang` and in English, by article id. */
  async function textsOf(ids: string[], lang: Language) {
    const byId = new Map<
      string,
      { title: string; summary: string; body: string; lang: Language }
    >();
    if (ids.length === 0) return byId;
    const rows = await db
      .selectFrom('content_article_texts')
      .select(['article_id', 'lang', 'title', 'summary', 'body'])
      .where('article_id', 'in', ids)
      .where('lang', 'in', lang === 'en' ? ['en'] : [lang, 'en'])
      .execute();
    for (const row of rows) {
      // The reader's own language wins over the English fallback.
      if (row.lang === lang || !byId.has(row.article_id)) {
        byId.set(row.article_id, { ...row, lang: row.lang as Language });
      }
    }
    return byId;
  }

  function summarize(
    row: ArticleRow,
    text: { title: string; summary: string; body: string; lang: Language },
  ): ArticleSummary {
    return {
      id: row.id,
      kind: row.kind as ArticleKind,
      title: text.title,
      summary: summaryOf(text.summary, text.body),
      lang: text.lang,
      sectionId: row.section_id,
      hot: row.hot === 1,
      guide: row.guide === 1,
      publishedAt: Number(row.published_at ?? 0),
    };
  }

  async function summaries(rows: ArticleRow[], lang: Language): Promise<ArticleSummary[]> {
    const texts = await textsOf(
      rows.map((r) => r.id),
      lang,
    );
    return rows.flatMap((row) => {
      const text = texts.get(row.id);
      return text ? [summarize(row, text)] : [];
    });
  }

  const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
    a.position - b.position || a.id.localeCompare(b.id);

  async function helpCentre(lang: Language) {
    const [categories, sections, articles] = await Promise.all([
      db.selectFrom('content_categories').selectAll().execute(),
      db.selectFrom('content_sections').selectAll().execute(),
      visibleArticles().execute(),
    ]);
    const all = (await summaries(articles.sort(byPosition), lang)).map((s) => s);
    const help = all.filter((a) => a.kind === 'help');
    return {
      categories: categories.sort(byPosition).map((c) => ({
        id: c.id,
        title: pick(parseLocalized(c.titles), lang),
        description: pick(parseLocalized(c.descriptions), lang),
        sections: sections
          .filter((s) => s.category_id === c.id)
          .sort(byPosition)
          .map((s) => ({
            id: s.id,
            categoryId: c.id,
            title: pick(parseLocalized(s.titles), lang),
            articles: help.filter((a) => a.sectionId === s.id),
          })),
      })),
      hot: all.filter((a) => a.hot),
      guide: all.filter((a) => a.guide),
      faqs: all.filter((a) => a.kind === 'faq'),
    };
  }

  async function banners(lang: Language): Promise<Banner[]> {
    const rows = await db
      .selectFrom('content_banners')
      .selectAll()
      .where('published', '=', 1)
      .where('published_at', '<=', now())
      .execute();
    return rows.sort(byPosition).map((b) => ({
      id: b.id,
      title: pick(parseLocalized(b.titles), lang),
      imageUrl: b.image_url,
      link: b.link,
    }));
  }

  async function home(lang: Language) {
    const [centre, list, latest] = await Promise.all([
      helpCentre(lang),
      banners(lang),
      notices(lang, 1, 5),
    ]);
    return {
      banners: list,
      hot: centre.hot.slice(0, 8),
      guide: centre.guide.slice(0, 8),
      announcements: latest.records,
    };
  }

  async function article(kind: ArticleKind | null, id: string, lang: Language): Promise<Article> {
    let query = visibleArticles().where('id', '=', id);
    query = kind ? query.where('kind', '=', kind) : query.where('kind', 'in', ['help', 'faq']);
    const row = await query.executeTakeFirst();
    const text = row ? (await textsOf([id], lang)).get(id) : undefined;
    const full = text
      ? await db
          .selectFrom('content_article_texts')
          .select('body')
          .where('article_id', '=', id)
          .where('lang', '=', text.lang)
          .executeTakeFirst()
      : undefined;
    if (!row || !text || !full) throw new AppError('notFound', 'contentNotFound');
    const section = row.section_id
      ? await db
          .selectFrom('content_sections')
          .selectAll()
          .where('id', '=', row.section_id)
          .executeTakeFirst()
      : undefined;
    const category = section
      ? await db
          .selectFrom('content_categories')
          .selectAll()
          .where('id', '=', section.category_id)
          .executeTakeFirst()
      : undefined;
    return {
      ...summarize(row, text),
      body: full.body,
      updatedAt: Number(row.updated_at),
      section: section
        ? { id: section.id, title: pick(parseLocalized(section.titles), lang) }
        : null,
      category: category
        ? { id: category.id, title: pick(parseLocalized(category.titles), lang) }
        : null,
    };
  }

  async function notices(lang: Language, pageNo: number, pageSize: number) {
    const base = visibleArticles().where('kind', '=', 'announcement');
    const [rows, count] = await Promise.all([
      base
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      db
        .selectFrom('content_articles')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('kind', '=', 'announcement')
        .where('published', '=', 1)
        .where('published_at', '<=', now())
        .executeTakeFirstOrThrow(),
    ]);
    return {
      records: await summaries(rows, lang),
      total: Number(count.n),
      current: pageNo,
      size: pageSize,
    };
  }

  /** Search hits as summaries, each in the language it was found in. */
  async function summariesFor(hits: Array<{ articleId: string; lang: Language }>) {
    const ids = hits.map((h) => h.articleId);
    if (ids.length === 0) return [];
    const [rows, texts] = await Promise.all([
      visibleArticles().where('id', 'in', ids).execute(),
      db
        .selectFrom('content_article_texts')
        .select(['article_id', 'lang', 'title', 'summary', 'body'])
        .where('article_id', 'in', ids)
        .execute(),
    ]);
    return hits.flatMap((hit) => {
      const row = rows.find((r) => r.id === hit.articleId);
      const text = texts.find((t) => t.article_id === hit.articleId && t.lang === hit.lang);
      return row && text ? [summarize(row, { ...text, lang: hit.lang })] : [];
    });
  }

  return { helpCentre, home, article, notices, banners, summariesFor };
}

export type Reader = ReturnType<typeof createReader>;
