import { describe, expect, it } from 'vitest';
import { formatDateTime, isTimezone } from './format.ts';

describe('formatDateTime', () => {
  it.each([
    ['2026-03-05T08:30:00Z', 'Asia/Hong_Kong', 'MM/DD/YYYY', '03/05/2026 16:30:00'],
    ['2026-03-05T08:30:00Z', 'America/New_York', 'MM/DD/YYYY', '03/05/2026 03:30:00'],
    ['2026-07-05T08:30:00Z', 'America/New_York', 'DD/MM/YYYY', '05/07/2026 04:30:00'],
    ['2026-01-01T00:00:00+08:00', 'UTC', 'YYYY-MM-DD', '2025-12-31 16:00:00'],
    ['not a date', 'UTC', 'MM/DD/YYYY', '--'],
  ])('%s in %s as %s -> %s', (iso, tz, format, expected) => {
    expect(formatDateTime(iso, tz, format)).toBe(expected);
  });

  it('knows real timezones only', () => {
    expect(isTimezone('Europe/Berlin')).toBe(true);
    expect(isTimezone('Mars/Olympus')).toBe(false);
  });
});
