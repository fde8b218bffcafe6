import type { EngineFront } from '../../../engine/engine-front.ts';
import type { ListedMarket } from '../catalogue.ts';
import type { IndexSource, IndexTick } from './source.ts';

/**
 * The index as an API process (ROLE=api) has it: the leader journals every tick it takes
 * from the real source, and this reads the ticks back from the process's own replica of
 * the engine, so its market data shows the very prices the engine traded against.
 */
export function replicaIndexSource(options: {
  engine: Pick<EngineFront, 'indexTick'>;
  markets: ListedMarket[];
  /** The leader's source (INDEX_SOURCE): what the ticks are said to come from. */
  name: string;
  simulated: boolean;
  pollMs: number;
}): IndexSource {
  const symbols = new Set(options.markets.map((m) => m.symbol));
  const seen = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  return {
    name: options.name,
    simulated: options.simulated,
    start(onTicks) {
      timer = setInterval(() => {
        const ticks: IndexTick[] = [];
        for (const symbol of symbols) {
          const tick = options.engine.indexTick(symbol);
          if (!tick || seen.get(symbol) === tick.seq) continue;
          seen.set(symbol, tick.seq);
          ticks.push({ symbol, time: tick.ts, price: tick.price });
        }
        if (ticks.length > 0) onTicks(ticks);
      }, options.pollMs);
      timer.unref();
    },
    add(market) {
      symbols.add(market.symbol);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
