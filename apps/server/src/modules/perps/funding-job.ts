import { Cron } from 'croner';
import type { EngineFront } from '../../engine/engine-front.ts';

/**
 * Funding runs, every interval of each market (8 h by default, at 00:00, 08:00 and 16:00
 * UTC): checked every ten seconds on the platform clock. Each run is one engine step for
 * one (market, time), which the engine applies once, so a retry, a second process or a
 * restart in the middle pays nothing twice. After downtime only the latest due time runs:
 * the intervals the platform was down are not charged.
 */
export function startFundingJob(options: {
  engine: EngineFront;
  now: () => number;
  onError: (error: unknown) => void;
  /** Every ten seconds; off in an API process (ROLE=api): the leader runs it. */
  scheduled?: boolean;
}) {
  const { engine } = options;
  let running: Promise<void> = Promise.resolve();
  const runDue = async () => {
    const now = options.now();
    for (const market of engine.perps.markets.values()) {
      if (market.nextFundingTime > now || market.mark <= 0n) continue;
      const interval = market.spec.fundingIntervalMs;
      const time = Math.floor(now / interval) * interval;
      const ack = await engine.perp({ op: 'fund', symbol: market.spec.symbol, time });
      const refused = ack.events.find((e) => e.type === 'rejected');
      // Already paid for this time (another process, a retry): nothing to do.
      if (refused && refused.type === 'rejected' && refused.reason !== 'duplicate_reference') {
        options.onError(new Error(`funding ${market.spec.symbol} at ${time}: ${refused.reason}`));
      }
    }
  };
  const tick = () => {
    running = running.then(runDue).catch(options.onError);
    return running;
  };
  const job =
    options.scheduled === false
      ? null
      : new Cron('*/10 * * * * *', { protect: true }, () => void tick());
  return {
    /** Runs what is due now (tests, start-up). */
    runDue: tick,
    async stop() {
      job?.stop();
      await running;
    },
  };
}
