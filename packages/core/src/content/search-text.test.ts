import { describe, expect, it } from 'vitest';
import {
  fts5Query,
  indexText,
  markdownWords,
  pgSearchConfig,
  queryTerms,
  unindexText,
  websearchQuery,
} from './search-text.ts';

describe('search text', () => {
  it('puts each character of an unspaced script apart, and takes it back for snippets', () => {
    expect(indexText('如何充值 USDT')).toBe('如 何 充 值 USDT');
    expect(indexText('การฝาก')).toBe('ก า ร ฝ า ก');
    expect(indexText('입금 방법')).toBe('입금 방법');
    expect(unindexText('如 何 充 值 USDT')).toBe('如何充值 USDT');
    expect(unindexText('入 金 す る か 、 銀 行')).toBe('入金するか、銀行');
  });

  it('keeps only letters and digits of a query: no FTS5 operator reaches the index', () => {
    expect(fts5Query('deposit')).toBe('"deposit"*');
    expect(fts5Query('spot "trade" OR NEAR(x')).toBe('"spot" "trade" "or" "near" "x"*');
    expect(fts5Query('充值')).toBe('"充 值"');
    expect(fts5Query('USDT充值')).toBe('"usdt" "充 值"');
    expect(fts5Query('*^()"')).toBeNull();
    expect(queryTerms('  ')).toEqual([]);
  });

  it('builds a websearch query with phrases for unspaced scripts', () => {
    expect(websearchQuery('security fund')).toBe('security fund');
    expect(websearchQuery('安全基金')).toBe('"安 全 基 金"');
    expect(websearchQuery('-drop; table')).toBe('drop table');
  });

  it('indexes the words of Markdown, not its marks or link targets', () => {
    expect(markdownWords('## Deposit\n\nSee [the page](/assets/index?key=recharge) **now**.')).toBe(
      'Deposit See the page now.',
    );
  });

  it('stems the languages PostgreSQL has a configuration for', () => {
    expect(pgSearchConfig('en')).toBe('english');
    expect(pgSearchConfig('ja')).toBe('simple');
  });
});
