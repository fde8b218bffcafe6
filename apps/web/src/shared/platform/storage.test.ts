import { beforeEach, describe, expect, it } from 'vitest';
import { readSetting, writeSetting } from './storage.ts';

const isString = (v: unknown): v is string => typeof v === 'string';

describe('settings storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a setting in the seed stored-entry shape', () => {
    writeSetting('language', 'ja');
    const entry = JSON.parse(window.localStorage.getItem('meridian:language') ?? '{}');
    expect(entry).toMatchObject({ dataType: 'string', content: 'ja', type: 'localStorage' });
    expect(typeof entry.datetime).toBe('number');
    expect(readSetting('language', isString)).toBe('ja');
  });

  it('ignores a corrupt or unexpected entry', () => {
    window.localStorage.setItem('meridian:language', '{not json');
    expect(readSetting('language', isString)).toBeUndefined();
    window.localStorage.setItem('meridian:language', JSON.stringify({ content: 42 }));
    expect(readSetting('language', isString)).toBeUndefined();
  });
});
