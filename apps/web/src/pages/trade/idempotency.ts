/** The submission an `Idempotency-Key` was made for. */
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

export function randomKey(): string {
  return crypto.randomUUID();
}
