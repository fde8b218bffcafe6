import type { ListedMarket } from './catalogue.ts';

export interface QuoteConfig {
  /** Price levels per side. */
  levels: number;
  /** Distance between the best bid and the best ask, basis points of the index. */
  spreadBps: number;
  /** Distance between consecutive levels of a side, basis points of the index. */
  stepBps: number;
  /** Quote value of each level, in quote minor units. */
  levelNotional: bigint;
}

export interface QuoteLevel {
  side: 'buy' | 'sell';
  /** Quote minor units per whole base unit, on the market's tick. */
  price: bigint;
  /** Base minor units, a whole number of lots. */
  quantity: bigint;
}

/**
 * The ladder a market maker shows around `index`: bids rounded down and asks rounded up
 * to the tick, so the quoted spread is never narrower than configured; each level a
 * whole number of lots worth about `levelNotional`.
 */
export function quoteLadder(
  market: ListedMarket,
  index: bigint,
  config: QuoteConfig,
): QuoteLevel[] {
  const { tickSize, lotSize, base, minNotional } = market.spec;
  const scale = 10n ** BigInt(base.decimals);
  const levels: QuoteLevel[] = [];
  const half = BigInt(config.spreadBps) * 5_000n;
  // Basis points scaled by 10_000 keep half a basis point exact.
  const at = (sideSign: bigint, level: number) =>
    (index * (100_000_000n + sideSign * (half + BigInt(level * config.stepBps) * 10_000n))) /
    100_000_000n;
  let lastBid: bigint | undefined;
  let lastAsk: bigint | undefined;
  for (let i = 0; i < config.levels; i++) {
    let bid = (at(-1n, i) / tickSize) * tickSize;
    let ask = ceilDiv(at(1n, i), tickSize) * tickSize;
    // Coarse ticks can round two levels onto one price: keep each level its own tick.
    if (lastBid !== undefined && bid >= lastBid) bid = lastBid - tickSize;
    if (lastAsk !== undefined && ask <= lastAsk) ask = lastAsk + tickSize;
    lastBid = bid;
    lastAsk = ask;
    for (const [side, price] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (price <= 0n) continue;
      const perLot = (price * lotSize) / scale;
      const target = config.levelNotional > minNotional ? config.levelNotional : minNotional * 2n;
      const lots = perLot > 0n ? ceilDiv(target, perLot) : 1n;
      levels.push({ side, price, quantity: (lots < 1n ? 1n : lots) * lotSize });
    }
  }
  return levels;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
