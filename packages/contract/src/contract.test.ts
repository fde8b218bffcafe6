import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS } from './calls/index.ts';
import { resolvePath, routePath } from './define.ts';
import { ERROR_KINDS, formatMessage, MESSAGES } from './errors.ts';
import { LANGUAGE_CODES, languageFromAcceptHeader, normalizeLanguage } from './languages.ts';

describe('languages', () => {
  it.each([
    ['en', 'en'],
    ['EN-us', 'en'],
    ['ja_JP', 'ja'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh-TW', 'tw'],
    ['zh_HK', 'tw'],
    ['zh-Hant-TW', 'tw'],
    ['tw', 'tw'],
    ['pt-BR', 'pt'],
    ['xx', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('normalizes %j to %j', (raw, lang) => {
    expect(normalizeLanguage(raw)).toBe(lang);
  });

  it('ranks Accept-Language by quality', () => {
    expect(languageFromAcceptHeader('xx, de;q=0.5, ko;q=0.8')).toBe('ko');
    expect(languageFromAcceptHeader('nl, sv')).toBeUndefined();
  });
});

describe('error catalogue', () => {
  it('has every message in all 13 languages, translated', () => {
    expect(LANGUAGE_CODES).toHaveLength(13);
    for (const [id, translations] of Object.entries(MESSAGES)) {
      for (const lang of LANGUAGE_CODES) {
        const text = translations[lang];
        expect(text, `${id}.${lang}`).toBeTruthy();
        if (lang !== 'en') expect(text, `${id}.${lang}`).not.toBe(translations.en);
      }
    }
  });

  it('keeps every placeholder in every language', () => {
    for (const [id, translations] of Object.entries(MESSAGES)) {
      const wanted = translations.en.match(/\{\w+\}/g) ?? [];
      for (const lang of LANGUAGE_CODES) {
        expect(translations[lang].match(/\{\w+\}/g) ?? [], `${id}.${lang}`).toEqual(wanted);
      }
    }
  });

  it('maps the catalogue kinds to their HTTP statuses', () => {
    expect(ERROR_KINDS).toMatchObject({
      success: 200,
      validation: 400,
      unauthorized: 401,
      forbidden: 403,
      notFound: 404,
      requestTimeout: 408,
      conflict: 409,
      unsupportedMediaType: 415,
      rateLimited: 429,
      headersTooLarge: 431,
      unknown: 500,
    });
  });

  it('fills placeholders', () => {
    expect(formatMessage('bodyTooLarge', 'en', { limit: 1024 })).toBe(
      'the body is larger than 1024 bytes',
    );
    expect(formatMessage('requestId', 'zh', { id: 'r-1' })).toBe('请求编号 r-1');
  });
});

describe('paths', () => {
  it('fills the head and encodes parameters', () => {
    expect(routePath('/api/{head}/coin/wallet/get/:a/:b', 'core')).toBe(
      '/api/core/coin/wallet/get/:a/:b',
    );
    expect(resolvePath('/api/{head}/coin/wallet/get/:a/:b', 'core', { a: 'BTC', b: 'a/b' })).toBe(
      '/api/core/coin/wallet/get/BTC/a%2Fb',
    );
    expect(() => resolvePath('/api/x/:id', 'core')).toThrow(/id/);
    expect(resolvePath('/api/x/:a/:b?', 'core', { a: '1' })).toBe('/api/x/1');
    expect(resolvePath('/api/x/:a/:b?', 'core', { a: '1', b: 2 })).toBe('/api/x/1/2');
  });
});

function isStrictObject(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return schema.options.every((option) => isStrictObject(option as z.ZodType));
  }
  // A body a call may leave out (the seed's getUserCoin, or one with defaults such as
  // notice/list's paging) is still strict when sent.
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return isStrictObject(schema.unwrap() as z.ZodType);
  }
  return schema instanceof z.ZodObject && schema.def.catchall?._zod.def.type === 'never';
}

describe('calls', () => {
  it('declares unique method and path pairs', () => {
    const keys = ALL_CALLS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses unknown fields in every body, query and path of every call', () => {
    for (const call of ALL_CALLS) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = (call as { [K in typeof part]?: z.ZodType })[part];
        if (schema) expect(isStrictObject(schema), `${call.path} ${part}`).toBe(true);
      }
    }
  });
});
