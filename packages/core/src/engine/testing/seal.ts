/**
 * Seals a journal record with the journal's checksum (32-bit FNV-1a, base 36), restated
 * apart from the codec so tests can write records the codec itself no longer writes.
 */
export function sealRecord(body: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 0x01000193);
  return `${body}\t${(h >>> 0).toString(36)}`;
}
