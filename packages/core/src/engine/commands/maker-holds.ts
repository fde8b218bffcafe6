import type { MakerHoldsCommand } from '../../matching/commands.ts';
import { heldBy, holdingOf } from '../../matching/live-order.ts';
import { isMarketMakingOwner } from '../../ledger/accounts.ts';
import { defineCommand } from '../command-type.ts';

/**
 * From this command on, market-making accounts' order holds stay in the engine: placing
 * or cancelling a maker's quote posts nothing, and only its fills (and fees) post, from
 * its available part (issue 27: a requoting maker wrote two postings per order, about
 * 2,000 a minute, that net to nothing). A journal without the command replays as before.
 *
 * Applying it gives back, with ordinary `release` postings, what the makers' open orders
 * hold in the ledger, and reserves the same amounts in the engine, so the market-making
 * `held` parts end at zero and every balance still sums as before. A second one changes
 * nothing.
 *
 * Version 2 also makes a trade between two market-making accounts fee-free (the simulated
 * flow taking a maker's quote: four fee postings a trade, moving the operator's money to
 * the operator). A version-1 record replays as it was written: holds only.
 */
export const makerHoldsCommand = defineCommand<MakerHoldsCommand>({
  type: 'maker-holds',
  tag: 'Q',
  version: 2,
  encode(c, out) {
    out.text('engine');
    if (c.makerTradesFeeFree) out.text('fee-free');
  },
  decode(f, version, { seq, ts }) {
    if (f[0] !== 'engine') return undefined;
    if (version === 1) {
      return f.length === 1
        ? { type: 'maker-holds', seq, ts, makerTradesFeeFree: false }
        : undefined;
    }
    if (f.length === 1) return { type: 'maker-holds', seq, ts, makerTradesFeeFree: false };
    return f.length === 2 && f[1] === 'fee-free'
      ? { type: 'maker-holds', seq, ts, makerTradesFeeFree: true }
      : undefined;
  },
  apply(engine, cmd) {
    const ledger = engine.ledger;
    if (cmd.makerTradesFeeFree) ledger.makerTradesFeeFree = true;
    if (ledger.engineHolds) return;
    const makers = [...engine.markets.values()].flatMap((market) =>
      [...market.live.values()]
        .filter((order) => isMarketMakingOwner(order.user))
        .map((order) => ({ order, amount: heldBy(market.market, order) })),
    );
    for (const { order, amount } of makers) {
      ledger.release(holdingOf(order), amount, { refKind: 'order', refId: order.id, ts: cmd.ts });
    }
    ledger.engineHolds = true;
    for (const { order, amount } of makers) ledger.reserve(holdingOf(order).available, amount);
  },
});
