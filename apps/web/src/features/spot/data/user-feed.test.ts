import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../shared/testing/fake-socket.ts';
import { userEvents } from '../../../shared/realtime/user-events.ts';
import { openUserFeed, USER_FEED_BATCH_MS } from './user-feed.ts';

function setup() {
  const sockets: FakeSocket[] = [];
  const invalidateSpot = vi.fn();
  const onOrderFilled = vi.fn();
  const close = openUserFeed({
    socketUrl: 'ws://host:1/',
    userId: '10000001',
    token: 'tok-1',
    invalidateSpot,
    onOrderFilled,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { sockets, invalidateSpot, onOrderFilled, close };
}

const ready = { channel: 'user', data: { type: 'ready' } };
const fill = (id: string) => ({
  channel: 'user',
  data: {
    type: 'fill',
    tradeId: id,
    orderId: '7',
    symbol: 'btcusdt',
    role: 'taker',
    price: '65000',
    quantity: '0.01',
  },
});
const orderEvent = (event: string) => ({
  channel: 'user',
  data: { type: 'order', event, orderId: '7', symbol: 'btcusdt' },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('user feed', () => {
  it('opens the user socket and authenticates with the token first', () => {
    const { sockets, close } = setup();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://host:1/ws/coin/10000001');
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([{ op: 'auth', token: 'tok-1' }]);
    close();
  });

  it('reloads the spot queries on ready and on events, batched', () => {
    const { sockets, invalidateSpot, close } = setup();
    sockets[0]!.open();
    sockets[0]!.receive(ready);
    vi.advanceTimersByTime(USER_FEED_BATCH_MS);
    expect(invalidateSpot).toHaveBeenCalledTimes(1);
    // A burst of fills and balance changes is one reload, not one per message.
    sockets[0]!.receive(fill('1'));
    sockets[0]!.receive(fill('2'));
    sockets[0]!.receive({
      channel: 'user',
      data: { type: 'balance', coin: 'USDT', available: '1', held: '0' },
    });
    expect(invalidateSpot).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(USER_FEED_BATCH_MS);
    expect(invalidateSpot).toHaveBeenCalledTimes(2);
    close();
  });

  it('ignores messages that do not match the contract', () => {
    const { sockets, invalidateSpot, onOrderFilled, close } = setup();
    sockets[0]!.open();
    sockets[0]!.receive({ channel: 'user', data: { type: 'order', event: 'exploded' } });
    sockets[0]!.receive({ channel: 'other', data: { type: 'ready' } });
    vi.advanceTimersByTime(USER_FEED_BATCH_MS * 4);
    expect(invalidateSpot).not.toHaveBeenCalled();
    expect(onOrderFilled).not.toHaveBeenCalled();
    close();
  });

  it('hands every message to the other features, and leaves the spot queries alone on a chat message', () => {
    const { sockets, invalidateSpot, close } = setup();
    const heard: string[] = [];
    const stop = userEvents.subscribe((event) => heard.push(event.type));
    sockets[0]!.open();
    sockets[0]!.receive({
      channel: 'user',
      data: {
        type: 'chat',
        record: {
          id: '1',
          content: 'hi',
          content_type: 1,
          blade_user_id: '0',
          sender: 'support',
          create_time: '2026-11-24T12:00:00.000Z',
        },
        unread: 1,
      },
    });
    vi.advanceTimersByTime(USER_FEED_BATCH_MS * 4);
    expect(invalidateSpot).not.toHaveBeenCalled();
    expect(heard).toEqual(['chat']);
    stop();
    close();
  });

  it('hands a margin warning on without reloading the spot queries', () => {
    const { sockets, invalidateSpot, close } = setup();
    const heard: unknown[] = [];
    const stop = userEvents.subscribe((event) => heard.push(event));
    sockets[0]!.open();
    sockets[0]!.receive({
      channel: 'user',
      data: { type: 'margin_warning', account: 'btcusdt', level: '1.2984' },
    });
    vi.advanceTimersByTime(USER_FEED_BATCH_MS * 4);
    expect(invalidateSpot).not.toHaveBeenCalled();
    expect(heard).toEqual([{ type: 'margin_warning', account: 'btcusdt', level: '1.2984' }]);
    stop();
    close();
  });

  it('tells about a filled order only', () => {
    const { sockets, onOrderFilled, close } = setup();
    sockets[0]!.open();
    sockets[0]!.receive(orderEvent('accepted'));
    sockets[0]!.receive(orderEvent('cancelled'));
    expect(onOrderFilled).not.toHaveBeenCalled();
    sockets[0]!.receive(orderEvent('filled'));
    expect(onOrderFilled).toHaveBeenCalledWith('btcusdt', expect.any(String));
    close();
  });

  it('authenticates again after a reconnect and reloads on the new ready', () => {
    const { sockets, invalidateSpot, close } = setup();
    sockets[0]!.open();
    sockets[0]!.drop();
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent.map((s) => JSON.parse(s))).toEqual([{ op: 'auth', token: 'tok-1' }]);
    sockets[1]!.receive(ready);
    vi.advanceTimersByTime(USER_FEED_BATCH_MS);
    expect(invalidateSpot).toHaveBeenCalledTimes(1);
    close();
  });

  it.each([
    [4403, 'another user', 1],
    [4409, 'replaced by a newer socket', 1],
    [4401, 'not signed in (the session keeper brings a new token)', 2],
  ])('after close code %i (%s) opens %i socket(s)', (code, _why, count) => {
    const { sockets, close } = setup();
    sockets[0]!.open();
    sockets[0]!.drop(code);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(count);
    close();
  });

  it('closes for good: no reconnect and no reload after close', () => {
    const { sockets, invalidateSpot, close } = setup();
    sockets[0]!.open();
    sockets[0]!.receive(ready);
    close();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.readyState).toBe(3);
    expect(invalidateSpot).not.toHaveBeenCalled();
  });
});
