import { describe, expect, it } from 'vitest';
import { CLIENT_ORDER_ID_MEMORY_MS } from './client-order-ids.ts';
import { BTC, BTC_USDT, CommandStream, newEngine, USDT } from './fixtures.ts';
import { TradingEngine } from './trading-engine.ts';

function funded() {
  const engine = newEngine();
  const s = new CommandStream();
  engine.apply(s.deposit('alice', 'USDT', 1_000_000n));
  engine.apply(s.deposit('bob', 'BTC', 100_000_000n));
  return { engine, s };
}

const bid = (s: CommandStream, user: string, clientOrderId: string, price = 100) => ({
  ...s.limit(user, 'buy', price, 10),
  clientOrderId,
});

describe('client order ids', () => {
  it('carries the id on the accepted order and refuses it again while the order is open', () => {
    const { engine, s } = funded();
    const first = engine.apply(bid(s, 'alice', 'grid-1'));
    expect(first.events[0]).toMatchObject({ type: 'accepted', clientOrderId: 'grid-1' });
    const orderId = first.seq;
    const held = engine.ledger.available('alice', 'USDT');
    const before = { ...engine.snapshot(), seq: 0 };

    const again = engine.apply(bid(s, 'alice', 'grid-1', 99));
    expect(again.events).toEqual([
      { type: 'rejected', reason: 'duplicate_client_order_id', field: 'clientOrderId' },
    ]);
    expect(again.postings.toArray()).toEqual([]);
    expect(engine.ledger.available('alice', 'USDT')).toBe(held);
    expect({ ...engine.snapshot(), seq: 0 }).toEqual(before);
    expect(engine.clientOrderIds.orderOf('alice', 'grid-1')).toBe(orderId);
    // Ids are per user: bob may use the same one.
    const bobs = engine.apply({ ...s.limit('bob', 'sell', 200, 10), clientOrderId: 'grid-1' });
    expect(bobs.events[0]).toMatchObject({ type: 'accepted', user: 'bob' });
  });

  it('keeps a closed order id taken for 24 hours, then frees it', () => {
    const { engine, s } = funded();
    const placed = engine.apply(bid(s, 'alice', 'once'));
    engine.apply(s.cancel('alice', placed.seq));
    const cancelledAt = s.ts;
    expect(engine.apply(bid(s, 'alice', 'once')).events[0]).toMatchObject({
      reason: 'duplicate_client_order_id',
    });
    expect(engine.clientOrderIds.idOf(placed.seq)).toBe('once');

    s.ts = cancelledAt + CLIENT_ORDER_ID_MEMORY_MS - 2;
    expect(engine.apply(bid(s, 'alice', 'once')).events[0]).toMatchObject({
      reason: 'duplicate_client_order_id',
    });
    s.ts = cancelledAt + CLIENT_ORDER_ID_MEMORY_MS;
    expect(engine.apply(bid(s, 'alice', 'once')).events[0]).toMatchObject({
      type: 'accepted',
      clientOrderId: 'once',
    });
  });

  it('starts the 24 hours when an order fills, the maker as well as the taker', () => {
    const { engine, s } = funded();
    const maker = engine.apply(bid(s, 'alice', 'maker-1'));
    engine.apply({ ...s.limit('bob', 'sell', 100, 10, 'IOC'), clientOrderId: 'taker-1' });
    expect(engine.snapshot().clientOrderIds).toEqual({
      open: [],
      recent: [
        ['alice', 'maker-1', maker.seq, s.ts + CLIENT_ORDER_ID_MEMORY_MS],
        ['bob', 'taker-1', maker.seq + 1, s.ts + CLIENT_ORDER_ID_MEMORY_MS],
      ],
    });
  });

  it('restores the ids from a snapshot and from a replay alike', () => {
    const { engine, s } = funded();
    const commands = [bid(s, 'alice', 'a'), bid(s, 'alice', 'b')];
    for (const cmd of commands) engine.apply(cmd);
    engine.apply(s.cancel('alice', commands[0]!.seq));
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      engine.snapshot(),
    );
    expect(restored.stateHash()).toBe(engine.stateHash());
    for (const id of ['a', 'b']) {
      expect(restored.apply(bid(s, 'alice', id)).events[0]).toMatchObject({
        reason: 'duplicate_client_order_id',
      });
    }
  });

  it('leaves the ids out of a snapshot that has none', () => {
    const { engine } = funded();
    expect('clientOrderIds' in engine.snapshot()).toBe(false);
  });
});
