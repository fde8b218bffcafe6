import type { MarketFeesCommand } from '../../matching/commands.ts';
import { isBps } from '../../matching/market.ts';
import { defineCommand } from '../command-type.ts';
import { isInteger } from './fields.ts';

/**
 * A market's new maker and taker fees, from its next fill on. Applied once per reference
 * (a scheduled change's id): the job that applies a change at its time may retry after a
 * crash, and the engine, not a marker written after it, keeps it from applying twice.
 */
export const marketFeesCommand = defineCommand<MarketFeesCommand>({
  type: 'market-fees',
  tag: 'F',
  version: 1,
  encode(c, out) {
    out.text(c.market);
    out.int(c.makerFeeBps);
    out.int(c.takerFeeBps);
    out.text(c.ref);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 4 && isInteger(f[1]!) && isInteger(f[2]!)
      ? {
          type: 'market-fees',
          seq,
          ts,
          market: f[0]!,
          makerFeeBps: Number(f[1]),
          takerFeeBps: Number(f[2]),
          ref: f[3]!,
        }
      : undefined,
  apply(engine, cmd, events) {
    const market = engine.market(cmd.market);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    if (engine.feeRefs.has(cmd.ref)) {
      events.push({ type: 'rejected', reason: 'duplicate_reference' });
      return;
    }
    if (!isBps(cmd.makerFeeBps) || !isBps(cmd.takerFeeBps)) {
      events.push({ type: 'rejected', reason: 'invalid_listing' });
      return;
    }
    engine.feeRefs.add(cmd.ref);
    market.market.setFees(cmd.makerFeeBps, cmd.takerFeeBps);
    events.push({
      type: 'fees_changed',
      market: cmd.market,
      makerFeeBps: cmd.makerFeeBps,
      takerFeeBps: cmd.takerFeeBps,
      ref: cmd.ref,
    });
  },
});
