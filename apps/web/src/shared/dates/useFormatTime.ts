import { useSettings } from '../settings/store.ts';
import { formatDateTime } from './format.ts';

/** Formats moments in the user's timezone and date format. */
export function useFormatTime(): (iso: string) => string {
  const timezone = useSettings((s) => s.timezone);
  const timeFormat = useSettings((s) => s.timeFormat);
  return (iso) => formatDateTime(iso, timezone, timeFormat);
}
