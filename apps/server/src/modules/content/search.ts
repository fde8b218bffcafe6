import { sql, type Transaction } from 'kysely';
import type { Language } from '@meridian/contract';
import {
  fts5Query,
  indexText,
  markdownWords,
  pgSearchConfig,
  unindexText,
  websearchQuery,
} from '@meridian/core';
import type { Driver } from '../../kernel/db/database.ts';
import type { ContentDb, ContentTables } from './tables.ts';

interface Hit {
  article_id: string;
  lang: string;
  snippet: string;
}

/**
 * The help centre's full-text search: SQLite FTS5 in the embedded database, PostgreSQL's
 * text search (stemmed per language where it has a configuration) otherwise. Rows of the
 * reader's language are searched, with an article's English text standing in where it
 * has none in that language; a query that finds nothing there is tried on English.
 */
export function createSearch(db: ContentDb, driver: Driver, now: () => number) {
  /** Replaces an article's index rows; run in the transaction that changes its text. */
  async function reindex(
    trx: Transaction<ContentTables>,
    articleId: string,
    texts: Array<{ lang: string; title: string; summary: string; body: string }>,
  ) {
    await sql`delete from content_search where article_id = ${articleId}`.execute(trx);
    for (const text of texts) {
      const title = indexText(text.title);
      const body = indexText(markdownWords(`${text.summary}\n\n${text.body}`));
      if (driver === 'postgres') {
        const config = pgSearchConfig(text.lang);
        await sql`
          insert into content_search (article_id, lang, config, title, body, doc)
          values (${articleId}, ${text.lang}, ${config}, ${title}, ${body},
            setweight(to_tsvector(${config}::regconfig, ${title}), 'A') ||
            setweight(to_tsvector(${config}::regconfig, ${body}), 'B'))
        `.execute(trx);
      } else {
        await sql`
          insert into content_search (article_id, lang, title, body)
          values (${articleId}, ${text.lang}, ${title}, ${body})
        `.execute(trx);
      }
    }
  }

  // Only these kinds are searched: the terms are a page of their own, not an answer.
  const KINDS = ['help', 'faq', 'announcement'];

  async function searchIn(lang: Language, query: string, limit: number, offset: number) {
    const at = now();
    const kinds = sql.join(KINDS.map((k) => sql`${k}`));
    // An article's rows in the reader's language, or its English where it has none.
    const ownOrEnglish = (table: string) => sql`(
      ${sql.ref(`${table}.lang`)} = ${lang} or (${sql.ref(`${table}.lang`)} = 'en' and not exists (
        select 1 from content_article_texts x
        where x.article_id = ${sql.ref(`${table}.article_id`)} and x.lang = ${lang}
      ))
    )`;
    if (driver === 'postgres') {
      const text = websearchQuery(query);
      if (!text) return { hits: [] as Hit[], total: 0 };
      const tsq = sql`websearch_to_tsquery(s.config::regconfig, ${text})`;
      const where = sql`
        s.doc @@ ${tsq} and a.published = 1 and a.published_at <= ${at}
        and a.kind in (${kinds}) and ${ownOrEnglish('s')}
      `;
      const rows = await sql<Hit>`
        select s.article_id, s.lang,
          ts_headline(s.config::regconfig, s.body, ${tsq},
            'MaxWords=26, MinWords=10, StartSel=<b>, StopSel=</b>') as snippet
        from content_search s join content_articles a on a.id = s.article_id
        where ${where}
        order by ts_rank(s.doc, ${tsq}) desc, a.id
        limit ${limit} offset ${offset}
      `.execute(db);
      const count = await sql<{ n: string }>`
        select count(*) as n from content_search s join content_articles a on a.id = s.article_id
        where ${where}
      `.execute(db);
      return {
        hits: rows.rows.map((r) => ({ ...r, snippet: r.snippet.replace(/<\/?b>/g, '') })),
        total: Number(count.rows[0]?.n ?? 0),
      };
    }
    const match = fts5Query(query);
    if (!match) return { hits: [] as Hit[], total: 0 };
    const where = sql`
      content_search match ${match} and a.published = 1 and a.published_at <= ${at}
      and a.kind in (${kinds}) and ${ownOrEnglish('content_search')}
    `;
    const rows = await sql<Hit>`
      select content_search.article_id as article_id, content_search.lang as lang,
        snippet(content_search, 3, '', '', '…', 24) as snippet
      from content_search join content_articles a on a.id = content_search.article_id
      where ${where}
      order by bm25(content_search, 0, 0, 5, 1), a.id
      limit ${limit} offset ${offset}
    `.execute(db);
    const count = await sql<{ n: number }>`
      select count(*) as n from content_search join content_articles a
        on a.id = content_search.article_id
      where ${where}
    `.execute(db);
    return { hits: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  async function search(lang: Language, query: string, pageNo: number, pageSize: number) {
    const offset = (pageNo - 1) * pageSize;
    let found = await searchIn(lang, query, pageSize, offset);
    // Someone reading in Japanese may still type English words: try the English texts.
    if (found.total === 0 && lang !== 'en') found = await searchIn('en', query, pageSize, offset);
    return {
      hits: found.hits.map((h) => ({
        articleId: h.article_id,
        lang: h.lang as Language,
        snippet: unindexText(h.snippet).trim(),
      })),
      total: found.total,
    };
  }

  return { reindex, search };
}

export type Search = ReturnType<typeof createSearch>;
