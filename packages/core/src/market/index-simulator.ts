import { normalDraw, seededRandom } from './random.ts';

export interface IndexSimulatorOptions {
  seed: number;
  /** Starting price in minor units of the quote asset's price precision. */
  start: bigint;
  /** Standard deviation of one step's return, in parts per million. */
  volatilityPpm: number;
  /** Chance per step of a jump, and the jump's typical size in parts per million. */
  jumpChance: number;
  jumpPpm: number;
  /** The price never goes below this (one tick keeps it positive). */
  floor: bigint;
}

const PPM = 1_000_000n;

/**
 * A simulated index: a seeded random walk with occasional jumps. The draw is a float,
 * but it only chooses an integer change in parts per million; the price itself is an
 * integer number of minor units, so no rounding drifts into what is stored.
 */
export function createIndexSimulator(options: IndexSimulatorOptions) {
  const uniform = seededRandom(options.seed);
  let price = options.start;
  return {
    get price(): bigint {
      return price;
    },
    next(): bigint {
      let ppm = Math.round(normalDraw(uniform) * options.volatilityPpm);
      if (uniform() < options.jumpChance) {
        ppm += Math.round(normalDraw(uniform) * options.jumpPpm);
      }
      // A random walk in log space keeps a long run from drifting to zero or infinity.
      ppm = Math.max(-500_000, Math.min(500_000, ppm));
      const next = price + (price * BigInt(ppm)) / PPM;
      price = next < options.floor ? options.floor : next;
      return price;
    },
  };
}

export type IndexSimulator = ReturnType<typeof createIndexSimulator>;
