import { useState } from 'react';

/**
 * Runs a form's action with a busy flag. A failed call has already been shown to the
 * user by the request rules' popup, so the failure is only swallowed here.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  async function submit(...args: A): Promise<void> {
    setBusy(true);
    try {
      await action(...args);
    } catch {
      // Shown by the request rules.
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}
