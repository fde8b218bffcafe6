// Timezones through the browser's Intl alone: the settings read them at start, and the
// date library (shared/dates/format.ts) loads only with what prints a date.

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
