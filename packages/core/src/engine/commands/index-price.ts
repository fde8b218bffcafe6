import type { IndexCommand } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';
import { settleDue } from './seconds.ts';

/**
 * Index prices enter the engine as commands, so that everything reacting to a price
 * (second-contract settlement, liquidations, funding) reads them from the journal and
 * replays exactly. One record carries every market's price of one tick.
 */
export const indexCommand = defineCommand<IndexCommand>({
  type: 'index',
  tag: 'X',
  version: 1,
  encode(c, out) {
    for (const [market, price] of c.prices) out.text(`${market}=${price}`);
  },
  decode(f, _version, { seq, ts }) {
    const prices: IndexCommand['prices'] = [];
    for (const field of f) {
      const [market, price] = field.split('=');
      if (!market || !price || !/^[0-9]+$/.test(price)) return undefined;
      prices.push([market, BigInt(price)]);
    }
    return prices.length > 0 ? { type: 'index', seq, ts, prices } : undefined;
  },
  apply(engine, cmd, events) {
    // Checked whole first: a tick naming an unknown market or a price of zero moves none.
    for (const [market, price] of cmd.prices) {
      if (!engine.market(market)) {
        events.push({ type: 'rejected', reason: 'unknown_market' });
        return;
      }
      if (price <= 0n) {
        events.push({ type: 'rejected', reason: 'invalid_price' });
        return;
      }
    }
    for (const [market, price] of cmd.prices) engine.market(market)!.indexPrice = price;
    settleDue(engine, cmd, events);
    // Perpetuals follow their underlying's index: marked, sampled, triggered, liquidated.
    if (engine.perps.markets.size > 0) {
      for (const [market, price] of cmd.prices) engine.perps.onIndex(market, price, cmd.ts, events);
    }
    // Margin accounts at the warning level get their notice (once per dip).
    if (engine.margin.loans.size > 0) engine.margin.checkLevels(events);
  },
});
