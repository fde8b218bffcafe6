/**
 * Days in a product's published timezone. A position's days are calendar dates there
 * ("YYYY-MM-DD"), so a day is a day whatever the daylight-saving shifts, and which day
 * it is never depends on the server's own zone. Pure: the moment comes in as an argument.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(ms: number, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

/** The calendar date of a moment in a zone. */
export function localDate(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of a calendar date (zone-free arithmetic on dates). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

export function dateOfDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** The moment a calendar date begins (00:00) in a zone, as epoch milliseconds. */
export function startOfDate(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at the guess, then once more at the corrected moment (DST edges).
  let ms = guess;
  for (let i = 0; i < 2; i++) {
    const p = parts(ms, timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    ms = guess - (asUtc - ms);
  }
  return ms;
}

/**
 * A position's schedule. Subscribed on local date D: day k (1..cycle) is paid when local
 * date D + k begins; the last day's payment and the principal come back on D + cycle.
 */
export interface Schedule {
  /** The subscription's local date. */
  subscribed: string;
  /** The first day that earns: D + 1. */
  startDate: string;
  /** The maturity date: D + cycle, when the principal comes back. */
  endDate: string;
}

export function schedule(subscribedAt: number, cycleDays: number, timeZone: string): Schedule {
  const subscribed = localDate(subscribedAt, timeZone);
  return {
    subscribed,
    startDate: addDays(subscribed, 1),
    endDate: addDays(subscribed, cycleDays),
  };
}

/** How many of a position's days are due at `now`: local dates begun since subscribing. */
export function daysDue(
  subscribed: string,
  cycleDays: number,
  now: number,
  timeZone: string,
): number {
  const elapsed = dayNumber(localDate(now, timeZone)) - dayNumber(subscribed);
  return Math.max(0, Math.min(cycleDays, elapsed));
}

/** When day `k` of a position subscribed on `subscribed` becomes payable. */
export function dueAt(subscribed: string, day: number, timeZone: string): number {
  return startOfDate(addDays(subscribed, day), timeZone);
}
