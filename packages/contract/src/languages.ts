/** The 13 languages of the platform, each named in its own script (seed section 1). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh', name: '简体中文' },
  { code: 'pt', name: 'Português' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'th', name: 'ไทย' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ru', name: 'Русский' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'tw', name: '繁體中文' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * Maps what browsers and older clients send (`zh-CN`, `zh_TW`, `zh-Hant`, `ja-JP`, `EN`)
 * onto one of our codes. Traditional Chinese is `tw`, as in the seed.
 */
export function normalizeLanguage(raw: string | undefined | null): Language | undefined {
  if (!raw) return undefined;
  const tag = raw.trim().toLowerCase().replace(/_/g, '-');
  if (tag === '') return undefined;
  if (isLanguage(tag)) return tag;
  if (tag.startsWith('zh')) {
    return /-(tw|hk|mo|hant)\b/.test(tag) ? 'tw' : 'zh';
  }
  const primary = tag.split('-')[0] ?? '';
  return isLanguage(primary) ? primary : undefined;
}

/** Picks the first supported language from an `Accept-Language` header, by quality. */
export function languageFromAcceptHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, quality: q ? Number.parseFloat(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return undefined;
}
