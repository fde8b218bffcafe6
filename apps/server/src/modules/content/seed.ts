import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES, type ArticleKind, type Language } from '@meridian/contract';
import type { Search } from './search.ts';
import type { ContentDb } from './tables.ts';

type Localized = Partial<Record<Language, string>>;

interface SeedStructure {
  categories: Array<{ id: string; position: number; titles: Localized; descriptions: Localized }>;
  sections: Array<{ id: string; categoryId: string; position: number; titles: Localized }>;
  articles: Array<{
    id: string;
    kind: ArticleKind;
    sectionId: string | null;
    position: number;
    hot: boolean;
    guide: boolean;
  }>;
  banners: Array<{
    id: string;
    position: number;
    titles: Localized;
    imageUrl: string;
    link: string;
  }>;
}

type SeedTexts = Record<string, { title: string; summary: string; body: string }>;

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');

function readJson<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as T;
}

/** The seed's data files: the structure, and each language's texts. */
export function loadSeed() {
  const structure = readJson<SeedStructure>('structure.json');
  const texts = Object.fromEntries(
    LANGUAGE_CODES.filter((lang) => fs.existsSync(path.join(folder, `texts.${lang}.json`))).map(
      (lang) => [lang, readJson<SeedTexts>(`texts.${lang}.json`)],
    ),
  ) as Partial<Record<Language, SeedTexts>>;
  return { structure, texts };
}

/**
 * Demo mode's help centre (issue 23): how to deposit, trade spot, use second contracts,
 * what the security fund is and how proof of liabilities works, in every language, with
 * banners, hot issues, the beginner guide, an announcement, FAQs and the terms. Written
 * once: a deployment that already has any category keeps what its operators made of it,
 * so a restart neither duplicates nor undoes an edit.
 */
export async function seedDemoContent(db: ContentDb, search: Search, at: number): Promise<boolean> {
  const { structure, texts } = loadSeed();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('content_categories').select('id').limit(1).execute();
    if (existing.length > 0) return false;
    for (const c of structure.categories) {
      await trx
        .insertInto('content_categories')
        .values({
          id: c.id,
          position: c.position,
          titles: JSON.stringify(c.titles),
          descriptions: JSON.stringify(c.descriptions),
          updated_at: at,
        })
        .execute();
    }
    for (const s of structure.sections) {
      await trx
        .insertInto('content_sections')
        .values({
          id: s.id,
          category_id: s.categoryId,
          position: s.position,
          titles: JSON.stringify(s.titles),
          updated_at: at,
        })
        .execute();
    }
    for (const a of structure.articles) {
      await trx
        .insertInto('content_articles')
        .values({
          id: a.id,
          kind: a.kind,
          section_id: a.sectionId,
          position: a.position,
          hot: a.hot ? 1 : 0,
          guide: a.guide ? 1 : 0,
          published: 1,
          published_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const rows = LANGUAGE_CODES.flatMap((lang) => {
        const text = texts[lang]?.[a.id];
        return text ? [{ lang, ...text }] : [];
      });
      if (rows.length > 0) {
        await trx
          .insertInto('content_article_texts')
          .values(rows.map((r) => ({ article_id: a.id, ...r, updated_at: at })))
          .execute();
      }
      await search.reindex(trx, a.id, rows);
    }
    for (const b of structure.banners) {
      await trx
        .insertInto('content_banners')
        .values({
          id: b.id,
          position: b.position,
          titles: JSON.stringify(b.titles),
          image_url: b.imageUrl,
          link: b.link,
          published: 1,
          published_at: at,
          updated_at: at,
        })
        .execute();
    }
    return true;
  });
}
