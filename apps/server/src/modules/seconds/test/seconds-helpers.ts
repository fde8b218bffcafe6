import { buildPlatform, type Platform } from '../../../app.ts';
import { rememberPlatform } from '../../../../test/accounts-helpers.ts';
import { testConfig } from '../../../../test/helpers.ts';

export const SYMBOL = 'btcusdt';
export const USDT = 1_000_000n;

/** The engine's clock, moved by the test: a contract expires without waiting for it. */
export class EngineClock {
  constructor(public ms = Date.parse('2026-11-22T08:00:00.000Z')) {}
  readonly now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

/**
 * A demo platform whose index feed stays quiet (one tick a minute at most), so the test's
 * own ticks are the only ones contracts settle on.
 */
export async function startSeconds(env: Record<string, string> = {}, engine = new EngineClock()) {
  const platform: Platform = await buildPlatform(
    testConfig({ DEMO_MODE: 'true', MARKET_TICK_MS: '60000', ...env }),
    { logger: false, engineClock: engine.now },
  );
  await platform.app.ready();
  rememberPlatform(platform);
  return { platform, app: platform.app, engine };
}

/** Journals an index tick of `price` whole USDT (and minor units) and waits for its rows. */
export async function tick(platform: Platform, price: bigint) {
  const ack = await platform.engine.index([[SYMBOL, price]]);
  await platform.seconds.flushed();
  return ack;
}
