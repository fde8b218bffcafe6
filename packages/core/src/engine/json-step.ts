/**
 * A step written as one JSON field of a journal record (the perpetuals' and spot margin's
 * commands): amounts travel as integer text with an `n` suffix, so a bigint survives.
 */
export function encodeJsonStep(step: object): string {
  return JSON.stringify(step, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
}

/** The step of a record's one field, or undefined when it is not a JSON step (`{ op }`). */
export function decodeJsonStep<T extends { op: string }>(fields: string[]): T | undefined {
  if (fields.length !== 1) return undefined;
  try {
    const step: unknown = JSON.parse(fields[0]!, (_key, value: unknown) =>
      typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
    );
    return typeof step === 'object' &&
      step !== null &&
      typeof (step as { op?: unknown }).op === 'string'
      ? (step as T)
      : undefined;
  } catch {
    return undefined;
  }
}
