import type { MarketState, MarketStateCommand } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';
import { isMarketState } from './fields.ts';

/**
 * Pauses or resumes trading on a market. Paused, the book keeps every open order and
 * takes cancels only; resumed, it takes new orders again. Stops keep waiting meanwhile:
 * they fire on trades, and a paused market has none.
 */
export const marketStateCommand = defineCommand<MarketStateCommand>({
  type: 'market-state',
  tag: 'S',
  version: 1,
  encode(c, out) {
    out.text(c.market);
    out.text(c.state);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 2 && isMarketState(f[1]!)
      ? { type: 'market-state', seq, ts, market: f[0]!, state: f[1] as MarketState }
      : undefined,
  apply(engine, cmd, events) {
    const market = engine.market(cmd.market);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    if (!isMarketState(cmd.state)) {
      events.push({ type: 'rejected', reason: 'invalid_listing' });
      return;
    }
    market.paused = cmd.state === 'paused';
    events.push({ type: 'market_state', market: cmd.market, state: cmd.state });
  },
});
