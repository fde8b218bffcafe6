/** The submission an `Idempotency-Key` was made for (orders, transfers). */
export interface Attempt {
  body: string;
  key: string;
}

/**
 * One key per confirmed submission: sending the same order again after a failure (a
 * time-out, a lost answer) reuses its key, so the server places it at most once; any
 * other order gets a fresh key.
 */
export function keyForSubmission(last: Attempt | null, body: string, fresh: () => string): Attempt {
  return last && last.body === body ? last : { body, key: fresh() };
}

/**
 * 128 random bits as hex. `getRandomValues` rather than `randomUUID`: the latter exists
 * only in secure contexts, and a self-hosted platform may be served over plain HTTP.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
