import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialSettings, useSettings } from '../settings/store.ts';
import { useFormatTime } from './useFormatTime.ts';
import { formatDateTime } from './format.ts';
import { isTimezone } from './timezones.ts';

describe('formatDateTime', () => {
  it.each([
    ['2026-03-05T08:30:00Z', 'Asia/Hong_Kong', 'MM/DD/YYYY', '03/05/2026 16:30:00'],
    ['2026-03-05T08:30:00Z', 'America/New_York', 'MM/DD/YYYY', '03/05/2026 03:30:00'],
    ['2026-07-05T08:30:00Z', 'America/New_York', 'DD/MM/YYYY', '05/07/2026 04:30:00'],
    ['2026-01-01T00:00:00+08:00', 'UTC', 'YYYY-MM-DD', '2025-12-31 16:00:00'],
    ['2026-03-05T08:30:00Z', 'Asia/Tokyo', 'YYYY/MM/DD', '2026/03/05 17:30:00'],
    ['2026-03-05T08:30:00Z', 'Europe/Moscow', 'DD.MM.YYYY', '05.03.2026 11:30:00'],
    ['2026-03-05T08:30:00Z', 'Asia/Seoul', 'YYYY.MM.DD', '2026.03.05 17:30:00'],
    ['not a date', 'UTC', 'MM/DD/YYYY', '--'],
  ])('%s in %s as %s -> %s', (iso, tz, format, expected) => {
    expect(formatDateTime(iso, tz, format)).toBe(expected);
  });

  it('knows real timezones only', () => {
    expect(isTimezone('Europe/Berlin')).toBe(true);
    expect(isTimezone('Mars/Olympus')).toBe(false);
  });
});

describe('useFormatTime', () => {
  it("writes dates in the language's format until the user picks one", () => {
    window.localStorage.clear();
    useSettings.setState({ ...initialSettings('UTC', 'ja'), language: 'ja' });
    const ja = renderHook(() => useFormatTime());
    expect(ja.result.current('2026-03-05T08:30:00Z')).toBe('2026/03/05 08:30:00');

    useSettings.setState({ ...initialSettings('UTC', 'ru'), language: 'ru' });
    const ru = renderHook(() => useFormatTime());
    expect(ru.result.current('2026-03-05T08:30:00Z')).toBe('05.03.2026 08:30:00');

    useSettings.getState().save('timeFormat', 'MM/DD/YYYY');
    const picked = renderHook(() => useFormatTime());
    expect(picked.result.current('2026-03-05T08:30:00Z')).toBe('03/05/2026 08:30:00');
    window.localStorage.clear();
  });
});
