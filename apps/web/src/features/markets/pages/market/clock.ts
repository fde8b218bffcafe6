const formats = new Map<string, Intl.DateTimeFormat>();

/** `HH:mm:ss` of a moment in the user's timezone, as trade lists print it. */
export function formatClock(ms: number, timezone: string): string {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: timezone,
    });
    formats.set(timezone, format);
  }
  return format.format(ms);
}
