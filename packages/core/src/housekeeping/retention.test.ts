import { describe, expect, it } from 'vitest';
import { orderExpires, RETENTION } from './retention.ts';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('retention rules', () => {
  it('removes a user order cancelled without fill only after the published days', () => {
    const order = { user: '1001', status: 'cancelled', filledLots: 0 };
    const age = RETENTION.unfilledOrderDays * DAY;
    expect(orderExpires({ ...order, updatedAt: NOW - age + 1 }, NOW)).toBe(false);
    expect(orderExpires({ ...order, updatedAt: NOW - age - 1 }, NOW)).toBe(true);
  });

  it('removes a market maker unfilled quote after an hour', () => {
    const order = { user: 'mm.btcusdt', status: 'cancelled', filledLots: 0 };
    expect(orderExpires({ ...order, updatedAt: NOW - HOUR + 1 }, NOW)).toBe(false);
    expect(orderExpires({ ...order, updatedAt: NOW - HOUR - 1 }, NOW)).toBe(true);
  });

  it('never removes an order with a fill, an open or a filled one', () => {
    const old = NOW - 365 * DAY;
    expect(
      orderExpires({ user: '1', status: 'cancelled', filledLots: 3, updatedAt: old }, NOW),
    ).toBe(false);
    expect(orderExpires({ user: '1', status: 'filled', filledLots: 3, updatedAt: old }, NOW)).toBe(
      false,
    );
    expect(orderExpires({ user: '1', status: 'open', filledLots: 0, updatedAt: old }, NOW)).toBe(
      false,
    );
    expect(
      orderExpires({ user: 'mm.x', status: 'waiting', filledLots: 0, updatedAt: old }, NOW),
    ).toBe(false);
  });
});
