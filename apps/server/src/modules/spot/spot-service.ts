import type {
  CallData,
  currencyOrderMassQuote,
  massQuoteBody,
  OrderLookup,
  SpotFill,
  SpotOrder,
} from '@meridian/contract';
import type { z } from 'zod';
import type { OrderKind } from '@meridian/core';
import type { SpotDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { fillView, orderView, type FillRow, type OrderRow, type SpecOf } from './order-views.ts';
import { placedOrder } from './placed-order.ts';
import { rejectionError, rejectionReason } from './rejections.ts';

export interface OrderInput {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market' | 'stop_limit';
  price?: string | undefined;
  quantity?: string | undefined;
  quoteAmount?: string | undefined;
  triggerPrice?: string | undefined;
  timeInForce?: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | undefined;
  clientOrderId?: string | undefined;
  /** Trade from the cross margin account or the pair's isolated one (absent: spot). */
  margin?: 'cross' | 'isolated' | undefined;
  /** With `margin`: borrow what the order lacks when it is placed. */
  autoBorrow?: boolean | undefined;
  /** With `margin`: each fill repays the loan in the coin it brings in. */
  autoRepay?: boolean | undefined;
}

type MassQuoteInput = z.infer<typeof massQuoteBody>;
type MassQuoteResult = CallData<typeof currencyOrderMassQuote>;

/**
 * Which wallet's orders a list shows: the spot wallet's, the cross margin account's
 * (`margin`), one pair's isolated account's (`margin.<symbol>`) or every isolated
 * account's (`margin.*`). The spot centre shows the spot wallet's only.
 */
export type OrderWallet = 'spot' | 'margin' | `margin.${string}`;
export const EVERY_ISOLATED = 'margin.*';

export interface ListQuery {
  symbol?: string | undefined;
  status: 'open' | 'history' | 'all';
  page: number;
  size: number;
  /** The spot wallet unless named. */
  wallet?: OrderWallet | undefined;
}

export interface OrderPage {
  list: SpotOrder[];
  total: number;
  page: number;
  size: number;
}

const OPEN = ['open', 'waiting'];
const DONE = ['filled', 'cancelled'];
/** Order ids are the engine's sequence numbers: positive safe integers. */
const ID = /^\d{1,15}$/;

/**
 * Spot orders of one user: placed and cancelled through the engine (the single writer),
 * read from the SQL query tables the engine's acknowledged results are projected into.
 * Every read first waits for the projection to reach what was acknowledged, so a caller
 * always finds the orders it was told about. Every read is scoped to the caller, so
 * another user's order is simply not found.
 */
export function createSpotService(deps: { db: SpotDb; engine: EngineFront }) {
  const { db, engine } = deps;
  // Every market an order or fill row names is one the engine lists (it never delists).
  const specOf: SpecOf = (symbol) => engine.marketSpec(symbol)!;

  const market = (symbol: string) => {
    const spec = engine.marketSpec(symbol);
    if (!spec) throw new AppError('validation', 'unknownMarket', { field: 'symbol' }, 'symbol');
    return spec;
  };

  const fillsOf = async (ids: readonly number[]): Promise<FillRow[]> =>
    ids.length === 0
      ? []
      : db
          .selectFrom('trade_fills')
          .selectAll()
          .where((eb) => eb.or([eb('maker_order_id', 'in', ids), eb('taker_order_id', 'in', ids)]))
          .orderBy('id', 'asc')
          .execute();

  const views = async (rows: readonly OrderRow[]): Promise<SpotOrder[]> => {
    const fills = await fillsOf(rows.map((r) => Number(r.id)));
    return rows.map((row) => {
      const id = Number(row.id);
      return orderView(
        row,
        fills.filter((f) => Number(f.maker_order_id) === id || Number(f.taker_order_id) === id),
        specOf,
      );
    });
  };

  /** One of the user's orders by id, or by client order id (the newest that carried it). */
  const ownRow = async (user: string, lookup: OrderLookup): Promise<OrderRow> => {
    const { id, clientOrderId } = lookup;
    if ((id === undefined) === (clientOrderId === undefined)) {
      throw new AppError('validation', 'orderIdOrClientOrderId', { field: 'id' }, 'id');
    }
    await engine.projected();
    const mine = db.selectFrom('trade_orders').selectAll().where('user_id', '=', user);
    const row =
      clientOrderId !== undefined
        ? await mine
            .where('client_order_id', '=', clientOrderId)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
        : ID.test(id!)
          ? await mine.where('id', '=', Number(id)).executeTakeFirst()
          : undefined;
    if (!row) throw new AppError('notFound', 'orderNotFound');
    return row;
  };

  const getOrder = async (user: string, lookup: OrderLookup): Promise<SpotOrder> =>
    (await views([await ownRow(user, lookup)]))[0]!;

  return {
    getOrder,

    /**
     * `clientRef` is the request's Idempotency-Key: journalled with the order, so
     * `placedWith` finds it again if the answer is lost in a crash.
     */
    async placeOrder(user: string, input: OrderInput, clientRef?: string): Promise<SpotOrder> {
      const listed = market(input.symbol);
      const kind: OrderKind = input.type;
      // Fields that mean nothing for the order type are refused rather than ignored, so a
      // client mistake (a price on a market order) never trades at a price nobody chose.
      const stray =
        (kind === 'market' && input.price !== undefined && 'price') ||
        (kind !== 'stop_limit' && input.triggerPrice !== undefined && 'triggerPrice') ||
        (kind !== 'market' && input.quoteAmount !== undefined && 'quoteAmount') ||
        (kind === 'stop_limit' &&
          input.timeInForce &&
          input.timeInForce !== 'GTC' &&
          'timeInForce');
      if (stray) throw new AppError('validation', 'invalidOrder', { field: stray }, stray);
      const option = (input.autoBorrow && 'autoBorrow') || (input.autoRepay && 'autoRepay');
      if (option && input.margin === undefined) {
        throw new AppError('validation', 'invalidOrder', { field: option }, option);
      }
      const ack = await engine.placeOrder({
        user,
        market: listed.symbol,
        side: input.side,
        kind,
        ...(input.timeInForce ? { tif: input.timeInForce } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.quoteAmount !== undefined ? { quoteAmount: input.quoteAmount } : {}),
        ...(input.triggerPrice !== undefined ? { stopPrice: input.triggerPrice } : {}),
        ...(clientRef !== undefined ? { clientRef } : {}),
        ...(input.clientOrderId !== undefined ? { clientOrderId: input.clientOrderId } : {}),
        ...(input.margin !== undefined
          ? { wallet: input.margin === 'cross' ? 'margin' : (`margin.${listed.symbol}` as const) }
          : {}),
        ...(input.autoBorrow ? { autoBorrow: true } : {}),
        ...(input.autoRepay ? { autoRepay: true } : {}),
      });
      const spent = input.side === 'buy' ? listed.quote.code : listed.base.code;
      for (const e of ack.events) {
        if (e.type === 'rejected') throw rejectionError(e.reason, e.field, spent);
      }
      // Answered from the durable acknowledgement: waiting for the SQL projection and
      // reading the order back would cost every order a round of queries. Later reads
      // (lists, cancels) still wait for the projection, so they never miss this order.
      const placed = ack.ts === null ? undefined : placedOrder(ack.events, ack.ts, specOf);
      if (!placed) throw new Error('order neither accepted nor rejected');
      return placed;
    },

    /** The order a user placed with this Idempotency-Key, if the engine took it. */
    async placedWith(user: string, clientRef: string): Promise<SpotOrder | undefined> {
      await engine.projected();
      const row = await db
        .selectFrom('trade_orders')
        .selectAll()
        .where('user_id', '=', user)
        .where('client_ref', '=', clientRef)
        .executeTakeFirst();
      return row ? (await views([row]))[0] : undefined;
    },

    async cancelOrder(user: string, lookup: OrderLookup): Promise<SpotOrder> {
      const row = await ownRow(user, lookup);
      if (!OPEN.includes(row.status)) {
        throw new AppError('validation', 'orderNotOpen', { field: 'id' }, 'id');
      }
      const ack = await engine.cancelOrder(user, row.market, Number(row.id));
      for (const e of ack.events) {
        if (e.type === 'rejected') throw rejectionError(e.reason, e.field, 'id');
      }
      await engine.projected();
      return getOrder(user, { id: String(row.id) });
    },

    /**
     * Cancels every open spot-wallet order of `user` (waiting, partially filled or waiting
     * for its trigger), in one market or in all, through the engine's own cancel command. The
     * orders come from the engine's live view, and every cancel is sequenced in one
     * synchronous pass, so no other command (a fill, a new order) comes between them:
     * what was open when the call arrived is what is cancelled. Only the caller's orders
     * are read, so no one else's can be touched.
     */
    async cancelAll(user: string, symbol?: string): Promise<{ cancelled: number; ids: string[] }> {
      const markets = symbol !== undefined ? [market(symbol).symbol] : engine.marketSymbols();
      // The spot wallet's orders, as the spot lists show them: a margin account's orders
      // are cancelled one by one from the margin centres.
      const targets = markets
        .flatMap((m) =>
          engine
            .openOrders(user, m)
            .filter((order) => order.wallet === null)
            .map((order) => ({ market: m, id: order.id })),
        )
        .sort((a, b) => a.id - b.id);
      const acks = await Promise.all(targets.map((t) => engine.cancelOrder(user, t.market, t.id)));
      const ids = targets
        .filter((_, i) => !acks[i]!.events.some((e) => e.type === 'rejected'))
        .map((t) => String(t.id));
      // The lists read right after this answer show the orders cancelled.
      await engine.projected();
      return { cancelled: ids.length, ids };
    },

    /**
     * A mass quote: the user's open spot-wallet orders in one market cancelled and the new limit
     * orders placed in one synchronous pass, so the engine applies them back to back and
     * the book never shows the market without them. Each order is answered on its own.
     */
    async massQuote(user: string, input: MassQuoteInput): Promise<MassQuoteResult> {
      const listed = market(input.symbol);
      // The spot wallet's orders only: a mass quote never touches a margin account's.
      const open = engine
        .openOrders(user, listed.symbol)
        .filter((order) => order.wallet === null)
        .sort((a, b) => a.id - b.id);
      const cancels = open.map((order) => engine.cancelOrder(user, listed.symbol, order.id));
      const places = input.orders.map((order) =>
        engine.placeOrder({
          user,
          market: listed.symbol,
          side: order.side,
          kind: 'limit',
          tif: order.timeInForce ?? 'GTC',
          price: order.price,
          quantity: order.quantity,
        }),
      );
      const [cancelled, placed] = await Promise.all([Promise.all(cancels), Promise.all(places)]);
      return {
        cancelled: open
          .filter((_, i) => !cancelled[i]!.events.some((e) => e.type === 'rejected'))
          .map((order) => String(order.id)),
        orders: placed.map((ack, i) => {
          const refused = ack.events.find((e) => e.type === 'rejected');
          if (refused) {
            const spent = input.orders[i]!.side === 'buy' ? listed.quote.code : listed.base.code;
            const { reason, field } = rejectionReason(refused.reason, refused.field, spent);
            return { reason, field };
          }
          const order = ack.ts === null ? undefined : placedOrder(ack.events, ack.ts, specOf);
          if (!order) throw new Error('order neither accepted nor rejected');
          return { order };
        }),
      };
    },

    async listOrders(user: string, query: ListQuery): Promise<OrderPage> {
      if (query.symbol !== undefined) market(query.symbol);
      await engine.projected();
      let base = db.selectFrom('trade_orders').where('user_id', '=', user);
      const wallet = query.wallet ?? 'spot';
      base =
        wallet === 'spot'
          ? base.where('wallet', 'is', null)
          : wallet === EVERY_ISOLATED
            ? base.where('wallet', 'like', 'margin.%')
            : base.where('wallet', '=', wallet);
      if (query.symbol !== undefined) base = base.where('market', '=', query.symbol);
      if (query.status !== 'all') {
        base = base.where('status', 'in', query.status === 'open' ? OPEN : DONE);
      }
      const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute();
      return {
        list: await views(rows),
        total: Number(counted?.n ?? 0),
        page: query.page,
        size: query.size,
      };
    },

    /** The caller's latest fills in one market, newest first. */
    async myFills(user: string, symbol: string, limit = 100): Promise<SpotFill[]> {
      market(symbol);
      await engine.projected();
      const rows = await db
        .selectFrom('trade_fills')
        .selectAll()
        .where('market', '=', symbol)
        .where((eb) => eb.or([eb('maker_user_id', '=', user), eb('taker_user_id', '=', user)]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap((row) => {
        // A user may be on both sides only if self-trade prevention let it through; it
        // does not, but both views are listed if it ever did.
        const sides: SpotFill[] = [];
        const buyerIsMaker = row.taker_side === 'sell';
        if (row.maker_user_id === user) {
          sides.push(
            fillView(row, String(row.maker_order_id), buyerIsMaker ? 'buy' : 'sell', specOf),
          );
        }
        if (row.taker_user_id === user) {
          sides.push(
            fillView(row, String(row.taker_order_id), buyerIsMaker ? 'sell' : 'buy', specOf),
          );
        }
        return sides;
      });
    },

    /** The fills of one of the caller's orders, oldest first. */
    async orderFills(user: string, id: string): Promise<SpotFill[]> {
      const row = await ownRow(user, { id });
      const fills = await fillsOf([Number(row.id)]);
      return fills.map((f) => fillView(f, id, row.side as 'buy' | 'sell', specOf));
    },

    /** Available and held amounts of two coins, from the engine (always current). */
    wallet(user: string, baseCoin: string, quoteCoin: string) {
      const codes = [baseCoin, quoteCoin].map((c) => c.toUpperCase());
      const field = ['a', 'b'];
      codes.forEach((code, i) => {
        if (!engine.assets().includes(code)) {
          throw new AppError('validation', 'unknownCoin', { field: field[i]! }, field[i]);
        }
      });
      const balances = engine.balances(user);
      const side = (code: string) => {
        const b = balances.find((x) => x.asset === code)!;
        return { coin: code, available: b.available, held: b.held };
      };
      return { base: side(codes[0]!), quote: side(codes[1]!) };
    },
  };
}

export type SpotService = ReturnType<typeof createSpotService>;
