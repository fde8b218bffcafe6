import type {
  MarginWalletName,
  OrderKind,
  PlaceCommand,
  TimeInForce,
} from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import type { MarketEngine } from '../../matching/market-engine.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';

/**
 * Places an order. Version 2 adds the caller's reference (an idempotency key), carried
 * to the accepted event so an answer lost in a crash can be found again; version 3 the
 * caller's own order id; version 4 the margin account it trades from (empty: spot);
 * version 5 a margin order's options: borrow what it lacks (`b`), repay from its fills (`r`).
 */
export const placeCommand = defineCommand<PlaceCommand>({
  type: 'place',
  tag: 'P',
  version: 5,
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
    out.text(c.wallet ?? '');
    out.text((c.autoBorrow ? 'b' : '') + (c.autoRepay ? 'r' : ''));
  },
  decode(f, version, { seq, ts }) {
    if (f.length !== 8 + Math.min(version, 5)) return undefined;
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
    if (f[11] === 'margin' || f[11]?.startsWith('margin.')) {
      cmd.wallet = f[11] as MarginWalletName;
    }
    if (f[12]?.includes('b')) cmd.autoBorrow = true;
    if (f[12]?.includes('r')) cmd.autoRepay = true;
    return cmd;
  },
  apply(engine, cmd, events) {
    const market = engine.market(cmd.market);
    if (!market) events.push({ type: 'rejected', reason: 'unknown_market' });
    else if (cmd.wallet && !engine.margin.trades(cmd.wallet, cmd.market)) {
      events.push({ type: 'rejected', reason: 'invalid_account', field: 'wallet' });
    } else if (
      cmd.clientOrderId &&
      engine.clientOrderIds.taken(cmd.user, cmd.clientOrderId, cmd.ts)
    ) {
      events.push({
        type: 'rejected',
        reason: 'duplicate_client_order_id',
        field: 'clientOrderId',
      });
    } else if ((cmd.autoBorrow || cmd.autoRepay) && !cmd.wallet) {
      const field = cmd.autoBorrow ? 'autoBorrow' : 'autoRepay';
      events.push({ type: 'rejected', reason: 'invalid_order', field });
    } else if (cmd.autoBorrow && cmd.wallet) {
      placeBorrowing(engine, market, cmd, cmd.wallet, events);
    } else market.place(cmd, events);
  },
});

/**
 * A margin order that borrows what it lacks: the borrow is checked (leverage room, pool)
 * and posted, then the order placed, in one step. `shortfall` runs the order's every
 * check but the balance, and borrowing only adds to the coin the order spends, so the
 * order placed after a borrow passes the same checks: a refusal (of the order, or of the
 * borrow) always comes before anything is posted.
 */
function placeBorrowing(
  engine: TradingEngine,
  market: MarketEngine,
  cmd: PlaceCommand,
  wallet: MarginWalletName,
  events: EngineEvent[],
): void {
  const need = market.shortfall(cmd);
  if (typeof need === 'string') {
    events.push({ type: 'rejected', reason: need });
    return;
  }
  if (need.amount > 0n) {
    const before = events.length;
    engine.margin.borrow(cmd.user, wallet, need.asset, need.amount, cmd.ts, events);
    if (events.length > before && events[events.length - 1]!.type === 'rejected') return;
  }
  market.place(cmd, events);
}
