import { createIndexSimulator, parseUnits, type IndexSimulator } from '@meridian/core';
import type { ListedMarket } from '../catalogue.ts';
import { deriveSeed } from './seed.ts';
import type { IndexSource, IndexTick } from './source.ts';

export interface SimulatedIndexOptions {
  markets: ListedMarket[];
  /** The deployment id: the same deployment replays the same path. */
  deploymentId: string;
  /** Milliseconds between ticks (one tick per market each time). */
  tickMs: number;
  /** Where each market resumes (the last stored tick); absent: its reference price. */
  resumeFrom?: Map<string, bigint>;
  now?: () => number;
}

/** Jumps: about one an hour per market at one tick a second, typically 0.8%. */
const JUMP_CHANCE = 1 / 3600;
const JUMP_PPM = 8000;

/** A simulator for one market, continuing from `start`, on the deployment's own seed. */
export function marketSimulator(
  market: ListedMarket,
  deploymentId: string,
  start: bigint,
  stepSeconds = 1,
  purpose = 'live',
): IndexSimulator {
  const tick = market.spec.tickSize;
  return createIndexSimulator({
    // Resuming from a different price gives a different, but again reproducible, path.
    seed: deriveSeed(deploymentId, market.symbol, purpose, start.toString()),
    start,
    // A step of n seconds moves like n one-second steps: volatility grows with sqrt(n).
    volatilityPpm: Math.round(market.volatilityPpm * Math.sqrt(stepSeconds)),
    jumpChance: Math.min(1, JUMP_CHANCE * stepSeconds),
    jumpPpm: JUMP_PPM,
    floor: tick > 0n ? tick : 1n,
  });
}

export function referencePrice(market: ListedMarket): bigint {
  return parseUnits(market.referencePrice, market.spec.quote.decimals);
}

/**
 * The default index: a seeded random walk with occasional jumps per market, starting
 * from the catalogue's reference price on a new deployment and from the last stored tick
 * after a restart. It is a simulation and says so (`simulated` in health and ticks).
 */
export function createSimulatedIndexSource(options: SimulatedIndexOptions): IndexSource {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  const simulate = (market: ListedMarket) => ({
    symbol: market.symbol,
    sim: marketSimulator(
      market,
      options.deploymentId,
      options.resumeFrom?.get(market.symbol) ?? referencePrice(market),
      options.tickMs / 1000,
    ),
  });
  const sims = options.markets.map(simulate);
  return {
    name: 'simulated',
    simulated: true,
    start(onTicks) {
      const emit = () => {
        const time = now();
        const ticks: IndexTick[] = sims.map(({ symbol, sim }) => ({
          symbol,
          time,
          price: sim.next(),
        }));
        onTicks(ticks);
      };
      emit();
      timer = setInterval(emit, options.tickMs);
      // The feed alone never keeps the process alive.
      timer.unref();
    },
    add(market) {
      // From its reference price (or its last stored tick, listed before a restart).
      if (!sims.some((s) => s.symbol === market.symbol)) sims.push(simulate(market));
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
