import {
  Decimal,
  formatRate,
  formatUnits,
  type CommandResult,
  type EngineEvent,
  type PerpsEngine,
} from '@meridian/core';
import type { Selectable } from 'kysely';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { PerpOrdersTable, PerpsDb } from './tables.ts';
import { followResults } from '../../engine/follow-results.ts';

const NAME = 'perps';
const CHUNK = 500;

type OrderRow = Selectable<PerpOrdersTable>;
type PerpEvent = Extract<EngineEvent, { type: `perp_${string}` }>;

/**
 * Writes the perpetuals' history from the engine's durable results: orders as they are
 * accepted, filled and ended, each side's fills, public trades, funding rates and
 * payments. Rows and the cursor share a transaction; at start the results after the
 * cursor are written first, and the engine keeps its journal until they are (as the
 * second contracts' settlements do), so a crash between the journal and these tables
 * loses nothing and writes nothing twice.
 */
export async function startPerpsProjection(
  db: PerpsDb,
  engine: EngineFront,
  onError: (e: unknown) => void,
) {
  const state = await db
    .selectFrom('engine_projection')
    .select('last_seq')
    .where('name', '=', NAME)
    .executeTakeFirst();
  const cursor = Number(state?.last_seq ?? 0);
  const perps = engine.perps;

  const write = async (results: readonly CommandResult[], lastSeq: number) => {
    await db.transaction().execute(async (trx) => {
      const orders = new Map<number, OrderRow>();
      const order = async (id: number) => {
        let row = orders.get(id);
        if (!row) {
          row = await trx
            .selectFrom('perp_orders')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (row) orders.set(id, row);
        }
        return row;
      };
      const fillRows = [];
      const tradeRows = [];
      const rateRows = [];
      const paymentRows = [];
      for (const result of results) {
        for (const e of result.events) {
          if (!e.type.startsWith('perp_')) continue;
          const event = e as PerpEvent;
          switch (event.type) {
            case 'perp_accepted': {
              const o = event.order;
              const m = perps.markets.get(o.symbol);
              const text = (units: bigint) => priceText(perps, o.symbol, units);
              const limited = o.kind === 'limit' || o.kind === 'stop_limit';
              orders.set(o.id, {
                id: o.id,
                user_id: o.user,
                symbol: o.symbol,
                side: o.side,
                type: o.kind,
                tif: o.tif,
                price: limited && m ? text(m.priceOf(o.price)) : null,
                trigger_price: o.stop > 0 && m ? text(m.priceOf(o.stop)) : null,
                trigger: o.stop > 0 ? o.trigger : null,
                triggered: o.stop > 0 ? 0 : 1,
                reduce_only: o.reduceOnly ? 1 : 0,
                source: o.source,
                contracts: o.contracts,
                filled: 0,
                filled_value: '0',
                fee: '0',
                pnl: '0',
                leverage: o.leverage,
                margin_mode: o.mode,
                client_order_id: o.clientOrderId ?? null,
                status: 'waiting',
                cancel_reason: null,
                created_at: result.ts,
                updated_at: result.ts,
              });
              break;
            }
            case 'perp_triggered': {
              const row = await order(event.orderId);
              if (row) row.triggered = 1;
              break;
            }
            case 'perp_trade': {
              const text = (units: bigint) => money(perps, event.symbol, units);
              const price = priceText(perps, event.symbol, event.price);
              for (const [side, liquidity] of [
                [event.maker, 'maker'],
                [event.taker, 'taker'],
              ] as const) {
                const row = await order(side.orderId);
                if (row) {
                  row.filled += event.contracts;
                  const market = perps.markets.get(event.symbol)!;
                  row.filled_value = (
                    BigInt(row.filled_value) +
                    market.arithmetic.fillWeight(event.contracts, event.price)
                  ).toString();
                  row.fee = addMoney(perps, event.symbol, row.fee, side.fee);
                  row.pnl = addMoney(perps, event.symbol, row.pnl, side.pnl);
                  row.status = row.filled >= row.contracts ? 'filled' : 'partial';
                  row.updated_at = result.ts;
                }
                const takerSide = event.takerSide;
                const sideOf =
                  liquidity === 'taker' ? takerSide : takerSide === 'buy' ? 'sell' : 'buy';
                fillRows.push({
                  id: `${event.tradeId}:${liquidity === 'maker' ? 'm' : 't'}`,
                  trade_id: event.tradeId,
                  order_id: side.orderId,
                  user_id: side.user,
                  symbol: event.symbol,
                  side: sideOf,
                  price,
                  contracts: event.contracts,
                  liquidity,
                  fee: text(side.fee),
                  pnl: text(side.pnl),
                  time: result.ts,
                });
              }
              tradeRows.push({
                id: event.tradeId,
                symbol: event.symbol,
                price,
                contracts: event.contracts,
                taker_side: event.takerSide,
                time: result.ts,
              });
              break;
            }
            case 'perp_order_done': {
              const row = await order(event.orderId);
              if (row) {
                row.status = event.status === 'filled' ? 'filled' : 'cancelled';
                row.cancel_reason = event.reason;
                row.updated_at = result.ts;
              }
              break;
            }
            case 'perp_funding': {
              const text = (units: bigint) => money(perps, event.symbol, units);
              rateRows.push({
                symbol: event.symbol,
                time: event.time,
                rate: formatRate(event.rate),
                mark: priceText(perps, event.symbol, event.mark),
              });
              for (const p of event.payments) {
                paymentRows.push({
                  id: `${event.symbol}:${event.time}:${p.user}`,
                  user_id: p.user,
                  symbol: event.symbol,
                  time: event.time,
                  rate: formatRate(event.rate),
                  mark: priceText(perps, event.symbol, event.mark),
                  side: p.side,
                  contracts: p.contracts,
                  amount: text(p.amount),
                });
              }
              break;
            }
            default:
              break;
          }
        }
      }
      for (const row of orders.values()) {
        await trx
          .insertInto('perp_orders')
          .values(row)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              triggered: row.triggered,
              filled: row.filled,
              filled_value: row.filled_value,
              fee: row.fee,
              pnl: row.pnl,
              status: row.status,
              cancel_reason: row.cancel_reason,
              updated_at: row.updated_at,
            }),
          )
          .execute();
      }
      for (const [table, rows, key] of [
        ['perp_fills', fillRows, 'id'],
        ['perp_trades', tradeRows, 'id'],
        ['perp_funding_payments', paymentRows, 'id'],
      ] as const) {
        for (let i = 0; i < rows.length; i += CHUNK) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + CHUNK) as never)
            .onConflict((oc) => oc.column(key).doNothing())
            .execute();
        }
      }
      if (rateRows.length > 0) {
        await trx
          .insertInto('perp_funding_rates')
          .values(rateRows)
          .onConflict((oc) => oc.columns(['symbol', 'time']).doNothing())
          .execute();
      }
      await trx
        .insertInto('engine_projection')
        .values({ name: NAME, last_seq: lastSeq })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_seq: lastSeq }))
        .execute();
    });
  };

  return followResults({
    engine,
    cursor,
    select: (results) =>
      results.some((r) => r.events.some((e) => e.type.startsWith('perp_'))) ? results : null,
    write,
    onError,
  });
}

/** Fees, profits and funding: in the market's margin coin. */
function money(perps: PerpsEngine, symbol: string, units: bigint): string {
  const decimals = perps.markets.get(symbol)?.margin.decimals ?? 6;
  return formatUnits(units, decimals);
}

function priceText(perps: PerpsEngine, symbol: string, units: bigint): string {
  const decimals = perps.markets.get(symbol)?.spec.quote.decimals ?? 6;
  return formatUnits(units, decimals);
}

function addMoney(perps: PerpsEngine, symbol: string, text: string, units: bigint): string {
  const decimals = perps.markets.get(symbol)?.margin.decimals ?? 6;
  const current = Decimal.parse(text)!.rescale(decimals, 'down').units;
  return formatUnits(current + units, decimals);
}
