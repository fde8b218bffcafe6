import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA timezone this browser knows, for the settings picker. */
export function timezoneNames(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

/**
 * A moment as the user reads it: in their timezone, with their date format and a 24-hour
 * time (e.g. `03/05/2026 16:30:00`). A value that is not a date shows as `--`.
 */
export function formatDateTime(iso: string, tz: string, format: string): string {
  const moment = dayjs(iso);
  if (!moment.isValid()) return '--';
  return moment.tz(tz).format(`${format} HH:mm:ss`);
}
