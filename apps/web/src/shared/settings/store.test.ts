import { beforeEach, describe, expect, it } from 'vitest';
import { writeSetting } from '../platform/storage.ts';
import { defaultSettings, loadSettings, useSettings } from './store.ts';

describe('client settings', () => {
  beforeEach(() => window.localStorage.clear());

  it('has the seed defaults', () => {
    const defaults = defaultSettings('Asia/Hong_Kong');
    expect(defaults).toMatchObject({
      theme: 'daytime',
      currency: { code: 'CNY', symbol: '¥', rate: '1' },
      timezone: 'Asia/Hong_Kong',
      timeFormat: 'MM/DD/YYYY',
      assetDisplay: { showAllAssets: true, type: 1 },
    });
    expect(defaultSettings().timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(defaultSettings('Not/AZone').timezone).toBe(defaultSettings().timezone);
  });

  it('saves a setting in the stored-entry shape and loads it back', () => {
    useSettings.getState().save('timezone', 'Europe/Paris');
    useSettings.getState().save('currency', { code: 'USD', symbol: '$', rate: '0.1378' });
    const entry = JSON.parse(window.localStorage.getItem('meridian:timezone') ?? '{}');
    expect(entry).toMatchObject({ dataType: 'string', content: 'Europe/Paris' });
    expect(loadSettings(defaultSettings())).toMatchObject({
      timezone: 'Europe/Paris',
      currency: { code: 'USD', rate: '0.1378' },
    });
  });

  it('ignores stored values of the wrong shape', () => {
    writeSetting('timezone', 'Mars/Olympus');
    writeSetting('currency', { code: 'USD', symbol: '$', rate: 1.5 });
    writeSetting('timeFormat', 'YY');
    const loaded = loadSettings(defaultSettings('UTC'));
    expect(loaded).toMatchObject({ timezone: 'UTC', currency: { code: 'CNY' } });
    expect(loaded.timeFormat).toBe('MM/DD/YYYY');
  });
});
