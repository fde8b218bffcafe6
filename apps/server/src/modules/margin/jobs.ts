import { Cron } from 'croner';
import { HOUR_MS } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';

type Refusal = { type: 'rejected'; reason: string };
const refusalOf = (events: readonly { type: string }[]) =>
  events.find((e): e is Refusal => e.type === 'rejected');

/**
 * Hourly interest: checked every ten seconds on the engine clock; each run asks the engine
 * to count every hour up to the last completed one. The engine charges each (loan, hour)
 * once and refuses an hour already counted (`duplicate_reference`), so a retry, a second
 * process or a restart charges nothing twice, and a loan behind after an outage catches
 * up hour by hour.
 */
export function startInterestJob(options: {
  engine: EngineFront;
  now: () => number;
  onError: (error: unknown) => void;
  /** Off in an API process (ROLE=api): the leader runs it. */
  scheduled?: boolean;
}) {
  const { engine } = options;
  let running: Promise<void> = Promise.resolve();
  const runDue = async () => {
    const hour = Math.floor(options.now() / HOUR_MS);
    if (hour <= engine.marginState.accruedHour) return;
    const ack = await engine.margin({ op: 'accrue', hour });
    const refused = refusalOf(ack.events);
    if (refused && refused.reason !== 'duplicate_reference' && refused.reason !== 'not_due') {
      options.onError(new Error(`margin interest for hour ${hour}: ${refused.reason}`));
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
    /** Charges the hours completed by now (tests, start-up). */
    runDue: tick,
    async stop() {
      job?.stop();
      await running;
    },
  };
}

/**
 * The liquidation driver: every few seconds (and on demand) each account that owes
 * something and is at or below the liquidation level is wound down: one `liquidate` step
 * per market where it holds coins (isolated: its pair; cross: each USDT market of a coin
 * it holds), then `close-out` once those coins are sold (a thin book leaves the close-out
 * for a later round). The engine re-checks every step, so a refusal (`not_due`, the
 * account recovered or was already closed) is normal.
 */
export function startLiquidationJob(options: {
  engine: EngineFront;
  onError: (error: unknown) => void;
  /** Off in an API process (ROLE=api): the leader runs it. */
  scheduled?: boolean;
}) {
  const { engine } = options;
  let running: Promise<void> = Promise.resolve();

  const runDue = async () => {
    const margin = engine.marginState;
    for (const { user, wallet } of margin.borrowers()) {
      const key = `${user}\u0000${wallet}`;
      if (!margin.due(user, wallet) && !margin.liquidating.has(key)) continue;
      for (const market of margin.liquidationMarkets(user, wallet)) {
        await engine.margin({ op: 'liquidate', user, wallet, market });
      }
      // A book too thin to take the account's coins: the close-out waits for the next
      // round (the liquidation goes on whatever the level then); the engine would refuse
      // it (`coins_unsold`), as the insurance fund never pays what those coins could cover.
      if (margin.unsold(user, wallet)) continue;
      const ack = await engine.margin({ op: 'close-out', user, wallet });
      const refused = refusalOf(ack.events);
      if (refused && refused.reason !== 'not_due') {
        options.onError(new Error(`margin close-out of ${user} ${wallet}: ${refused.reason}`));
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
      : new Cron('*/3 * * * * *', { protect: true }, () => void tick());
  return {
    /** Liquidates the accounts due now (tests). */
    runDue: tick,
    async stop() {
      job?.stop();
      await running;
    },
  };
}
