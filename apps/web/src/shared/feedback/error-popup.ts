import type { Notifier } from './notifier.ts';

export interface ErrorPopupOptions {
  notifier: Pick<Notifier, 'notify'>;
  /** Seed section 8: one error popup per 2 s, whatever its text. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * The request rules' error popup (seed section 8). A message that mentions SQL is never
 * shown: it would leak internals and means nothing to a customer.
 */
export function createErrorPopup(options: ErrorPopupOptions) {
  const intervalMs = options.intervalMs ?? 2000;
  const now = options.now ?? Date.now;
  let lastShown = -Infinity;
  return function showError(text: string): boolean {
    if (/sql/i.test(text)) return false;
    const time = now();
    if (time - lastShown < intervalMs) return false;
    lastShown = time;
    return options.notifier.notify('error', text);
  };
}
