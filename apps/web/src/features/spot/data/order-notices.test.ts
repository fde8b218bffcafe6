import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { createOrderNotices, outcomeOf } from './order-notices.ts';

describe('order notices', () => {
  beforeAll(async () => {
    await initI18n('en', ['spot']);
  });

  it.each([
    ['waiting', '0', 'placed'],
    ['partial', '0.1', 'partial'],
    ['filled', '1', 'filled'],
    ['cancelled', '0', 'cancelled'],
    ['cancelled', '0.4', 'partialCancelled'],
  ] as const)('an order %s with %s filled is told as %s', (status, filled, outcome) => {
    expect(outcomeOf({ status, filledQuantity: filled })).toBe(outcome);
  });

  it('tells a market order that filled at once once, whether the answer or the socket comes first', () => {
    const notify = vi.fn(() => true);
    const notices = createOrderNotices({ notify });
    // The answer to the order call, then the user socket's fill event.
    notices.tell('11', 'btcusdt', 'filled');
    notices.tell('11', 'btcusdt', 'filled');
    // The socket first, then the answer, which says filled too.
    notices.tell('12', 'ethusdt', 'filled');
    notices.tell('12', 'ethusdt', 'placed');
    expect(notify.mock.calls).toEqual([
      ['success', 'Order filled: BTC/USDT', { key: 'order-11' }],
      ['success', 'Order filled: ETH/USDT', { key: 'order-12' }],
    ]);
  });

  it("replaces a placed notice by the same order's later outcome", () => {
    const notify = vi.fn(() => true);
    const notices = createOrderNotices({ notify });
    notices.tell('21', 'btcusdt', 'placed');
    notices.tell('21', 'btcusdt', 'filled');
    notices.tell('22', 'btcusdt', 'placed');
    notices.tell('22', 'btcusdt', 'cancelled');
    expect(notify.mock.calls).toEqual([
      ['success', 'Order placed: BTC/USDT', { key: 'order-21' }],
      ['success', 'Order filled: BTC/USDT', { key: 'order-21' }],
      ['success', 'Order placed: BTC/USDT', { key: 'order-22' }],
      ['info', 'Order cancelled: BTC/USDT', { key: 'order-22' }],
    ]);
  });
});
