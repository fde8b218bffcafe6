/**
 * A chat transcript as the dialog holds it: pages arrive newest first (15 at a time) and
 * pushed messages arrive one by one, in any order and possibly twice (a push and the
 * reload after it). Merging keeps one copy of each message, oldest first for display.
 * Ids are increasing decimal strings (the server's message numbers), compared as such.
 */
export interface TranscriptItem {
  id: string;
}

function compareIds(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

export function mergeTranscript<T extends TranscriptItem>(
  current: readonly T[],
  incoming: readonly T[],
): T[] {
  const byId = new Map<string, T>();
  for (const item of current) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}
