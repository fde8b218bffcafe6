import { createHash } from 'node:crypto';

/**
 * A 32-bit seed from stable names (the deployment id, a market symbol, a purpose): the
 * same deployment always derives the same seed, so its simulated market replays.
 */
export function deriveSeed(...parts: Array<string | number>): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}
