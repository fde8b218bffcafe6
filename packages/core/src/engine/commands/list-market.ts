import { MARKET_SYMBOL } from '../../catalogue/listing.ts';
import type { ListMarketCommand, MarketState } from '../../matching/commands.ts';
import type { RejectReason } from '../../matching/events.ts';
import { Market, type MarketSpec } from '../../matching/market.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';
import { isInteger, isMarketState } from './fields.ts';

/**
 * Lists a spot market between two listed assets, once per symbol, trading or paused from
 * the start. Everything is checked before anything changes: a refused listing leaves the
 * engine as it was.
 */
export const listMarketCommand = defineCommand<ListMarketCommand>({
  type: 'list-market',
  tag: 'M',
  version: 1,
  encode(c, out) {
    out.text(c.market);
    out.text(c.base);
    out.text(c.quote);
    out.amount(c.tickSize);
    out.amount(c.lotSize);
    out.amount(c.minNotional);
    out.int(c.maxOrderLots);
    out.int(c.maxPriceTicks);
    out.int(c.makerFeeBps);
    out.int(c.takerFeeBps);
    out.int(c.bandBps);
    out.text(c.state);
  },
  decode(f, _version, { seq, ts }) {
    if (f.length !== 12 || !f.slice(3, 11).every(isInteger) || !isMarketState(f[11]!)) {
      return undefined;
    }
    return {
      type: 'list-market',
      seq,
      ts,
      market: f[0]!,
      base: f[1]!,
      quote: f[2]!,
      tickSize: BigInt(f[3]!),
      lotSize: BigInt(f[4]!),
      minNotional: BigInt(f[5]!),
      maxOrderLots: Number(f[6]),
      maxPriceTicks: Number(f[7]),
      makerFeeBps: Number(f[8]),
      takerFeeBps: Number(f[9]),
      bandBps: Number(f[10]),
      state: f[11] as MarketState,
    };
  },
  apply(engine, cmd, events) {
    const checked = check(engine, cmd);
    if (typeof checked === 'string') {
      events.push({ type: 'rejected', reason: checked });
      return;
    }
    engine.listMarket(checked, cmd.state);
    events.push({ type: 'market_listed', market: cmd.market, spec: checked, state: cmd.state });
  },
});

/** The spec the command lists, or why it cannot be listed. */
function check(engine: TradingEngine, cmd: ListMarketCommand): MarketSpec | RejectReason {
  if (engine.market(cmd.market)) return 'already_listed';
  const base = engine.asset(cmd.base);
  const quote = engine.asset(cmd.quote);
  if (!base || !quote) return 'unknown_asset';
  if (!MARKET_SYMBOL.test(cmd.market) || base === quote || !isMarketState(cmd.state)) {
    return 'invalid_listing';
  }
  if (cmd.minNotional < 0n) return 'invalid_listing';
  const spec: MarketSpec = {
    symbol: cmd.market,
    base,
    quote,
    tickSize: cmd.tickSize,
    lotSize: cmd.lotSize,
    minNotional: cmd.minNotional,
    maxOrderLots: cmd.maxOrderLots,
    maxPriceTicks: cmd.maxPriceTicks,
    makerFeeBps: cmd.makerFeeBps,
    takerFeeBps: cmd.takerFeeBps,
    bandBps: cmd.bandBps,
  };
  try {
    // The market's own checks: tick × lot a whole quote unit, limits and rates in range.
    new Market(spec);
  } catch (error) {
    if (error instanceof RangeError) return 'invalid_listing';
    throw error;
  }
  return spec;
}
