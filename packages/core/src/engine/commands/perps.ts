import type { PerpCommand, PerpOp } from '../../matching/commands.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { defineCommand } from '../command-type.ts';
import { decodeJsonStep, encodeJsonStep } from '../json-step.ts';

/**
 * Every perpetual-contract step (tag V): listing, orders, cancels, leverage and margin
 * mode, margin, take-profit and stop-loss, funding runs and pauses. One record each, its
 * step as JSON (amounts as integer text), so a step added later needs no new tag.
 */
export const perpCommand = defineCommand<PerpCommand>({
  type: 'perp',
  tag: 'V',
  version: 1,
  encode(c, out) {
    out.text(encodeJsonStep(c.op));
  },
  decode(f, _version, { seq, ts }) {
    const op = decodeJsonStep<PerpOp>(f);
    return op ? { type: 'perp', seq, ts, op } : undefined;
  },
  apply(engine, cmd, events) {
    applyPerp(engine, cmd, events);
  },
});

function applyPerp(engine: TradingEngine, cmd: PerpCommand, events: EngineEvent[]): void {
  const perps = engine.perps;
  const { op } = cmd;
  switch (op.op) {
    case 'list': {
      const base = engine.asset(op.spec.base);
      const quote = engine.asset(op.spec.quote);
      if (!base || !quote || !engine.market(op.spec.underlying)) {
        events.push({ type: 'rejected', reason: 'invalid_listing' });
        return;
      }
      perps.list({ ...op.spec, base, quote }, cmd.ts, events);
      return;
    }
    case 'place':
      perps.place(op, cmd.seq, cmd.ts, events);
      return;
    case 'cancel':
      perps.cancel(op.user, op.symbol, op.orderId, cmd.ts, events);
      return;
    case 'leverage':
      perps.setLeverage(op.user, op.symbol, op.leverage, events);
      return;
    case 'mode':
      perps.setMode(op.user, op.symbol, op.mode, events);
      return;
    case 'margin':
      perps.adjustMargin(op.user, op.symbol, op.amount, op.add, cmd.ts, events);
      return;
    case 'triggers':
      perps.setTriggers(
        op.user,
        op.symbol,
        {
          ...(op.takeProfit !== undefined ? { takeProfit: op.takeProfit } : {}),
          ...(op.stopLoss !== undefined ? { stopLoss: op.stopLoss } : {}),
        },
        events,
        cmd.ts,
      );
      return;
    case 'quote':
      perps.quote(op.user, op.symbol, op.orders, cmd.seq, cmd.ts, events);
      return;
    case 'close':
      perps.closePosition(op.user, op.symbol, cmd.ts, events);
      return;
    case 'fund':
      perps.fund(op.symbol, op.time, cmd.ts, events);
      return;
    case 'state':
      perps.setPaused(op.symbol, op.paused, events);
      return;
    default:
      events.push({ type: 'rejected', reason: 'invalid_order' });
  }
}
