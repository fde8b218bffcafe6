import type { OrderKind, PlaceCommand, TimeInForce } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';

/**
 * Places an order. Version 2 adds the caller's reference (an idempotency key), carried
 * to the accepted event so an answer lost in a crash can be found again; version 3 the
 * caller's own order id.
 */
export const placeCommand = defineCommand<PlaceCommand>({
  type: 'place',
  tag: 'P',
  version: 3,
  encode(c, out) {
    out.text(c.user);
    out.text(c.market);
    out.text(c.side === 'buy' ? 'b' : 's');
    out.text(c.kind);
    out.text(c.tif);
    out.int(c.price);
    out.int(c.lots);
    out.amount(c.quote);
    out.int(c.stop);
    out.text(c.clientRef ?? '');
    out.text(c.clientOrderId ?? '');
  },
  decode(f, version, { seq, ts }) {
    if (f.length !== 8 + Math.min(version, 3)) return undefined;
    const cmd: PlaceCommand = {
      type: 'place',
      seq,
      ts,
      user: f[0]!,
      market: f[1]!,
      side: f[2] === 'b' ? 'buy' : 'sell',
      kind: f[3] as OrderKind,
      tif: f[4] as TimeInForce,
      price: Number(f[5]),
      lots: Number(f[6]),
      quote: BigInt(f[7]!),
      stop: Number(f[8]),
    };
    if (f[9]) cmd.clientRef = f[9];
    if (f[10]) cmd.clientOrderId = f[10];
    return cmd;
  },
  apply(engine, cmd, events) {
    const market = engine.market(cmd.market);
    if (!market) events.push({ type: 'rejected', reason: 'unknown_market' });
    else if (
      cmd.clientOrderId &&
      engine.clientOrderIds.taken(cmd.user, cmd.clientOrderId, cmd.ts)
    ) {
      events.push({
        type: 'rejected',
        reason: 'duplicate_client_order_id',
        field: 'clientOrderId',
      });
    } else market.place(cmd, events);
  },
});
