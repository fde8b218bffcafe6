import { useState } from 'react';

/**
 * Runs a form's action with a busy flag. A failed call has already been shown by the
 * request rules' popup (in the user's language), so the failure is only swallowed here.
 */
export function useBusy<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  async function run(...args: A): Promise<void> {
    setBusy(true);
    try {
      await action(...args);
    } catch {
      // Shown by the request rules.
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
