import type { Language } from '@meridian/contract';
import { markdownWords } from '@meridian/core';

export type Localized = Partial<Record<Language, string>>;

/** A JSON column of text per language, as stored (a broken value reads as empty). */
export function parseLocalized(json: string): Localized {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Localized) : {};
  } catch {
    return {};
  }
}

/** The reader's language, else English (every title has one: the editor requires it). */
export function pick(values: Localized, lang: Language): string {
  return values[lang] ?? values.en ?? '';
}

/** What a list shows under a title: the editor's summary, or the body's first words. */
export function summaryOf(summary: string, body: string): string {
  if (summary.trim() !== '') return summary;
  const words = markdownWords(body);
  return words.length <= 160 ? words : `${words.slice(0, 157).trimEnd()}…`;
}

/**
 * Whether something published is public at `now`: published, and its time has come.
 * Scheduled items need no job: they are filtered at reading, so a restart changes nothing.
 */
export function isVisible(published: number, publishedAt: number | null, now: number): boolean {
  return published === 1 && publishedAt !== null && publishedAt <= now;
}
