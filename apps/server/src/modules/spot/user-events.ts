import type { UserEvent } from '@meridian/contract';
import { parseAccount, type CommandResult } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { tradeAmounts } from '../../engine/event-rows.ts';

/** Where a user's events go: the MQTT refresh topic, the user socket. */
export type UserEventSink = (userId: string, event: UserEvent) => void;

/**
 * Tells each user about their own orders, fills and balances once the engine's results
 * are durable (never something a crash could take back). Every sink gets each event
 * addressed to its owner only; nothing about other users travels.
 */
export function startUserEvents(engine: EngineFront, sinks: readonly UserEventSink[]) {
  // Owners of the orders seen since start: `triggered`, `filled` and `cancelled` events
  // carry only the order id. Orders placed before a restart are still reported through
  // their fills and the balance changes they cause.
  const owners = new Map<number, string>();
  // Balance events go out in the engine's coin order, as before; a listed coin joins it.
  const assetOrder = engine.assets();

  return engine.onDurable((results: readonly CommandResult[]) => {
    const out = new Map<string, UserEvent[]>();
    const send = (user: string | undefined, message: UserEvent) => {
      if (user === undefined) return;
      let list = out.get(user);
      if (!list) out.set(user, (list = []));
      list.push(message);
    };
    const touched = new Map<string, Set<string>>();
    for (const result of results) {
      for (const e of result.events) {
        if (e.type === 'asset_listed') {
          if (!assetOrder.includes(e.asset)) assetOrder.push(e.asset);
        } else if (e.type === 'accepted') {
          owners.set(e.orderId, e.user);
          send(e.user, order('accepted', e.orderId, e.market, e.clientOrderId));
        } else if (e.type === 'triggered' || e.type === 'filled' || e.type === 'cancelled') {
          const cid = engine.clientOrderIdOf(e.orderId);
          send(owners.get(e.orderId), order(e.type, e.orderId, e.market, cid));
          if (e.type !== 'triggered') owners.delete(e.orderId);
        } else if (e.type === 'trade') {
          const spec = engine.marketSpec(e.market);
          if (!spec) continue;
          const amounts = tradeAmounts(spec, e);
          const fill = {
            type: 'fill' as const,
            tradeId: String(e.tradeId),
            symbol: e.market,
            price: amounts.priceText,
            quantity: amounts.quantityText,
          };
          const side = (orderId: number, role: 'maker' | 'taker') => {
            const cid = engine.clientOrderIdOf(orderId);
            return {
              ...fill,
              orderId: String(orderId),
              role,
              ...(cid ? { clientOrderId: cid } : {}),
            };
          };
          send(e.makerUser, side(e.makerOrderId, 'maker'));
          send(e.takerUser, side(e.takerOrderId, 'taker'));
        }
      }
      const batch = result.postings;
      for (let i = 0; i < batch.length; i++) {
        for (const key of [batch.from(i), batch.to(i)]) {
          const ref = parseAccount(key);
          if (ref.kind !== 'user') continue;
          let coins = touched.get(ref.user);
          if (!coins) touched.set(ref.user, (coins = new Set()));
          coins.add(ref.asset);
        }
      }
    }
    // Only the coins that moved: formatting every coin of every touched user was a real
    // share of the server's time under load.
    for (const [user, coins] of touched) {
      for (const asset of assetOrder) {
        if (!coins.has(asset)) continue;
        const b = engine.balance(user, asset);
        if (b) send(user, { type: 'balance', coin: b.asset, available: b.available, held: b.held });
      }
    }
    for (const [user, messages] of out) {
      for (const message of messages) for (const sink of sinks) sink(user, message);
    }
  });
}

function order(
  event: 'accepted' | 'triggered' | 'filled' | 'cancelled',
  orderId: number,
  symbol: string,
  clientOrderId: string | undefined,
): UserEvent {
  return {
    type: 'order',
    event,
    orderId: String(orderId),
    symbol,
    ...(clientOrderId ? { clientOrderId } : {}),
  };
}
