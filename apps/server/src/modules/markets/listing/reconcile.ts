import type { EngineEvent } from '@meridian/core';
import type { EngineFront } from '../../../engine/engine-front.ts';
import { LISTED_MAX_AMOUNT } from '@meridian/core';
import { listCommandOf, type CoinRow, type MarketRow } from './store.ts';

/** Reports what the start did to make the engine agree with the tables. */
export interface Reconciled {
  assets: string[];
  markets: string[];
  states: string[];
  /** Markets the engine trades that no row names (a database restored from an older backup). */
  unrecorded: string[];
}

const refusal = (events: EngineEvent[]) => events.find((e) => e.type === 'rejected');

/**
 * Makes the engine agree with the catalogue tables, the operators' record: a coin or
 * market row the engine does not list yet (its write committed, then the process
 * stopped before the engine took it) is listed through its command, and a market whose
 * state differs is set to the row's. Each command is journalled, so what this start
 * does replays exactly. Fee changes are the fee job's to finish (it runs right after).
 */
export async function reconcileEngine(
  engine: EngineFront,
  rows: { coins: CoinRow[]; markets: MarketRow[] },
): Promise<Reconciled> {
  const done: Reconciled = { assets: [], markets: [], states: [], unrecorded: [] };
  const known = new Set(engine.assets());
  for (const coin of rows.coins) {
    if (known.has(coin.code)) continue;
    const ack = await engine.submit({
      type: 'list-asset',
      asset: coin.code,
      decimals: Number(coin.decimals),
      maxAmount: LISTED_MAX_AMOUNT,
    });
    const refused = refusal(ack.events);
    if (refused)
      throw new Error(`catalogue: listing coin ${coin.code} refused: ${JSON.stringify(refused)}`);
    done.assets.push(coin.code);
  }
  const decimals = new Map(rows.coins.map((c) => [c.code, Number(c.decimals)]));
  for (const row of rows.markets) {
    const state = engine.marketState(row.symbol);
    if (state === undefined) {
      const ack = await engine.submit(listCommandOf(row, (code) => decimals.get(code)!));
      const refused = refusal(ack.events);
      if (refused) {
        throw new Error(
          `catalogue: listing market ${row.symbol} refused: ${JSON.stringify(refused)}`,
        );
      }
      done.markets.push(row.symbol);
    } else if (state !== row.state) {
      await engine.submit({
        type: 'market-state',
        market: row.symbol,
        state: row.state === 'paused' ? 'paused' : 'trading',
      });
      done.states.push(row.symbol);
    }
  }
  const recorded = new Set(rows.markets.map((m) => m.symbol));
  done.unrecorded = engine.marketSymbols().filter((s) => !recorded.has(s));
  return done;
}
