import { sql, type RawBuilder } from 'kysely';
import { CONTENT_FORMS, type Language } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { parseLocalized, pick, summaryOf } from './texts.ts';
import type { ContentDb } from './tables.ts';

type Cell = string | number | boolean | null;
type FormId = (typeof CONTENT_FORMS)[number];

/**
 * The generic read API over the content tables (`cgform-api`). A form id and an order
 * column are only ever keys into the allow-lists below: what reaches SQL is the list's
 * own expression, never the caller's text, so an unknown table or column is refused
 * before any query is built.
 */
const ARTICLE_ORDER: Record<string, RawBuilder<unknown>> = {
  id: sql.ref('a.id'),
  position: sql.ref('a.position'),
  published_at: sql.ref('a.published_at'),
  updated_at: sql.ref('a.updated_at'),
  title: sql`coalesce(t.title, e.title)`,
};
const BANNER_ORDER: Record<string, RawBuilder<unknown>> = {
  id: sql.ref('id'),
  position: sql.ref('position'),
  published_at: sql.ref('published_at'),
  updated_at: sql.ref('updated_at'),
};

const ARTICLE_FORMS: Record<Exclude<FormId, 'banners'>, { kinds?: string[]; hot?: boolean }> = {
  announcements: { kinds: ['announcement'] },
  articles: { kinds: ['help'] },
  faqs: { kinds: ['faq'] },
  hot_issues: { hot: true },
};

export interface FormQuery {
  column: string;
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

function isForm(formId: string): formId is FormId {
  return (CONTENT_FORMS as readonly string[]).includes(formId);
}

function orderOf(list: Record<string, RawBuilder<unknown>>, column: string) {
  const expression = Object.hasOwn(list, column) ? list[column] : undefined;
  if (!expression) {
    throw new AppError(
      'validation',
      'contentColumnUnknown',
      { column: column.slice(0, 40), allowed: Object.keys(list).join(', ') },
      'query.column',
    );
  }
  return expression;
}

export function createForms(db: ContentDb, now: () => number) {
  function form(formId: string): FormId {
    if (!isForm(formId)) {
      throw new AppError('notFound', 'contentFormUnknown', { formId: formId.slice(0, 40) });
    }
    return formId;
  }

  function articleQuery(spec: { kinds?: string[]; hot?: boolean }, lang: Language) {
    let query = db
      .selectFrom('content_articles as a')
      .leftJoin('content_article_texts as t', (j) =>
        j.onRef('t.article_id', '=', 'a.id').on('t.lang', '=', lang),
      )
      .leftJoin('content_article_texts as e', (j) =>
        j.onRef('e.article_id', '=', 'a.id').on('e.lang', '=', 'en'),
      )
      .where('a.published', '=', 1)
      .where('a.published_at', '<=', now());
    if (spec.kinds) query = query.where('a.kind', 'in', spec.kinds);
    if (spec.hot) query = query.where('a.hot', '=', 1);
    return query;
  }

  const articleColumns = [
    'a.id',
    'a.kind',
    'a.section_id',
    'a.position',
    'a.hot',
    'a.guide',
    'a.published_at',
    'a.updated_at',
    't.title as t_title',
    't.summary as t_summary',
    't.body as t_body',
    'e.title as e_title',
    'e.summary as e_summary',
    'e.body as e_body',
  ] as const;

  function articleRecord(
    row: {
      id: string;
      kind: string;
      section_id: string | null;
      position: number;
      hot: number;
      guide: number;
      published_at: number | null;
      updated_at: number;
      t_title: string | null;
      t_summary: string | null;
      t_body: string | null;
      e_title: string | null;
      e_summary: string | null;
      e_body: string | null;
    },
    lang: Language,
    withBody: boolean,
  ): Record<string, Cell> {
    const own = row.t_title !== null;
    const body = (own ? row.t_body : row.e_body) ?? '';
    return {
      id: row.id,
      kind: row.kind,
      title: (own ? row.t_title : row.e_title) ?? '',
      summary: summaryOf((own ? row.t_summary : row.e_summary) ?? '', body),
      lang: own ? lang : 'en',
      section_id: row.section_id,
      position: Number(row.position),
      hot: row.hot === 1,
      guide: row.guide === 1,
      published_at: Number(row.published_at),
      updated_at: Number(row.updated_at),
      ...(withBody ? { body } : {}),
    };
  }

  async function getData(formId: string, params: FormQuery, lang: Language) {
    const id = form(formId);
    const offset = (params.pageNo - 1) * params.pageSize;
    if (id === 'banners') {
      const order = orderOf(BANNER_ORDER, params.column);
      const base = db
        .selectFrom('content_banners')
        .where('published', '=', 1)
        .where('published_at', '<=', now());
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(order, params.order)
          .orderBy('id', params.order)
          .limit(params.pageSize)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((b) => bannerRecord(b, lang)),
        total: Number(count.n),
        current: params.pageNo,
        size: params.pageSize,
      };
    }
    const order = orderOf(ARTICLE_ORDER, params.column);
    const base = articleQuery(ARTICLE_FORMS[id], lang);
    const [rows, count] = await Promise.all([
      base
        .select(articleColumns)
        .orderBy(order, params.order)
        .orderBy('a.id', params.order)
        .limit(params.pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => articleRecord(r, lang, false)),
      total: Number(count.n),
      current: params.pageNo,
      size: params.pageSize,
    };
  }

  async function detail(formId: string, rowId: string, lang: Language) {
    const id = form(formId);
    if (id === 'banners') {
      const row = await db
        .selectFrom('content_banners')
        .selectAll()
        .where('id', '=', rowId)
        .where('published', '=', 1)
        .where('published_at', '<=', now())
        .executeTakeFirst();
      if (!row) throw new AppError('notFound', 'contentNotFound');
      return bannerRecord(row, lang);
    }
    const row = await articleQuery(ARTICLE_FORMS[id], lang)
      .select(articleColumns)
      .where('a.id', '=', rowId)
      .executeTakeFirst();
    if (!row || (row.t_title === null && row.e_title === null)) {
      throw new AppError('notFound', 'contentNotFound');
    }
    return articleRecord(row, lang, true);
  }

  return { getData, detail };
}

function bannerRecord(
  b: {
    id: string;
    position: number;
    titles: string;
    image_url: string;
    link: string;
    published_at: number | null;
    updated_at: number;
  },
  lang: Language,
): Record<string, Cell> {
  return {
    id: b.id,
    title: pick(parseLocalized(b.titles), lang),
    image_url: b.image_url,
    link: b.link,
    position: Number(b.position),
    published_at: Number(b.published_at),
    updated_at: Number(b.updated_at),
  };
}
