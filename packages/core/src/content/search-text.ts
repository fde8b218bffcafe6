/**
 * Search text for scripts written without spaces between words (Chinese, Japanese, Thai).
 * Neither SQLite's unicode61 tokenizer nor PostgreSQL's `simple` configuration splits
 * them into words, so a page of Chinese would be one "word" no query matches. Putting a
 * space between each of their characters makes every character a token; a query is split
 * the same way and searched as a phrase, so "充值" finds the characters side by side.
 * Korean and the alphabetic scripts already separate words with spaces and stay as they are.
 */
const UNSPACED =
  '\\u0e00-\\u0e7f\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f';
const unspacedChar = new RegExp(`[${UNSPACED}]`, 'gu');
const runOfUnspaced = new RegExp(`[${UNSPACED}]+`, 'u');
// Their punctuation (、。「」, full-width forms) joins them again too in a snippet.
const JOINED = `${UNSPACED}\\u3000-\\u303f\\uff00-\\uff65`;
const spacedPair = new RegExp(`([${JOINED}]) (?=[${JOINED}])`, 'gu');

/** Text as it is indexed: characters of unspaced scripts apart. */
export function indexText(text: string): string {
  return text
    .replace(unspacedChar, (c) => ` ${c} `)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Undoes `indexText` for a snippet shown to a reader. */
export function unindexText(text: string): string {
  return text.replace(spacedPair, '$1');
}

/** Markdown as plain words: what is indexed of an article's body (no link targets, no marks). */
export function markdownWords(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/^[\s#>+-]+/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a reader's query, each either a plain word or a run of unspaced script
 * (searched as a phrase). Only letters and digits survive: the query language of FTS5 or
 * `websearch_to_tsquery` never sees an operator, quote or bracket the reader typed.
 */
export function queryTerms(query: string): Array<{ text: string; phrase: boolean }> {
  const words = query
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 12);
  return words.flatMap((word) =>
    word
      .split(new RegExp(`(${runOfUnspaced.source})`, 'u'))
      .filter((part) => part.length > 0)
      .map((part) =>
        runOfUnspaced.test(part)
          ? { text: indexText(part), phrase: true }
          : { text: part.toLowerCase(), phrase: false },
      ),
  );
}

/**
 * An FTS5 MATCH expression: every term required, phrases quoted, the last plain word also
 * matching as a prefix (results while typing). Null when nothing searchable is left.
 */
export function fts5Query(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => {
      const quoted = `"${term.text.replace(/"/g, '""')}"`;
      return !term.phrase && i === terms.length - 1 ? `${quoted}*` : quoted;
    })
    .join(' ');
}

/** A `websearch_to_tsquery` input: plain words, phrases in double quotes. */
export function websearchQuery(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  return terms.map((t) => (t.phrase ? `"${t.text}"` : t.text)).join(' ');
}

/** PostgreSQL's text-search configuration per language: stemming where it has one. */
export const PG_SEARCH_CONFIG: Record<string, string> = {
  en: 'english',
  pt: 'portuguese',
  es: 'spanish',
  fr: 'french',
  ru: 'russian',
  de: 'german',
  it: 'italian',
};

export function pgSearchConfig(lang: string): string {
  return PG_SEARCH_CONFIG[lang] ?? 'simple';
}
