import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A moment as the user reads it: in their timezone, with their date format and a 24-hour
 * time (e.g. `03/05/2026 16:30:00`). A value that is not a date shows as `--`.
 */
export function formatDateTime(iso: string, tz: string, format: string): string {
  const moment = dayjs(iso);
  if (!moment.isValid()) return '--';
  return moment.tz(tz).format(`${format} HH:mm:ss`);
}
