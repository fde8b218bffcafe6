import type { MarginCommand, MarginOp } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';
import { decodeJsonStep, encodeJsonStep } from '../json-step.ts';

/**
 * Every spot-margin step (tag G): lending pools and pairs, leverage, borrowing, repaying,
 * hourly interest and the close-out of a liquidation. One record each, its step as JSON
 * (amounts as integer text), as the perpetuals' steps.
 */
export const marginCommand = defineCommand<MarginCommand>({
  type: 'margin',
  tag: 'G',
  version: 1,
  encode(c, out) {
    out.text(encodeJsonStep(c.op));
  },
  decode(f, _version, { seq, ts }) {
    const op = decodeJsonStep<MarginOp>(f);
    return op ? { type: 'margin', seq, ts, op } : undefined;
  },
  apply(engine, cmd, events) {
    applyMargin(engine, cmd, events);
  },
});

function applyMargin(engine: TradingEngine, cmd: MarginCommand, events: EngineEvent[]): void {
  const margin = engine.margin;
  const { op } = cmd;
  switch (op.op) {
    case 'pool':
      margin.setPool(
        { asset: op.asset, hourlyRate: op.hourlyRate, savingsShare: op.savingsShare ?? 0n },
        events,
      );
      return;
    case 'pair':
      margin.setPair({ market: op.market, maxLeverage: op.maxLeverage }, events);
      return;
    case 'leverage':
      margin.setLeverage(op.user, op.market, op.leverage, events);
      return;
    case 'borrow':
      margin.borrow(op.user, op.wallet, op.asset, op.amount, cmd.ts, events);
      return;
    case 'repay':
      margin.repay(op.user, op.wallet, op.asset, op.amount, cmd.ts, events);
      return;
    case 'accrue':
      margin.accrue(op.hour, events, cmd.ts);
      return;
    case 'transfer':
      margin.transfer(op, engine.transferRefs, cmd.ts, events);
      return;
    case 'liquidate':
      margin.liquidateIn(op.user, op.wallet, op.market, cmd.seq, cmd.ts, events);
      return;
    case 'close-out':
      margin.closeOut(op.user, op.wallet, cmd.ts, events);
      return;
  }
}
