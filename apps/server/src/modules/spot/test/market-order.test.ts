import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseUnits } from '@meridian/core';
import type { Platform } from '../../../app.ts';
import { startAccounts } from '../../../../test/accounts-helpers.ts';
import { submit, trader, wallet, type Trader } from './spot-helpers.ts';

// Market makers on, with a fast tick so they quote at once.
let platform: Platform;
let buyer: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'true', MARKET_TICK_MS: '40' })).platform;
  buyer = await trader(platform, 'spot-market@example.org', { USDT: '1000' });
  const end = Date.now() + 8000;
  while (Date.now() < end && (platform.engine.depth('btcusdt', 1)?.asks.length ?? 0) === 0) {
    await new Promise((r) => setTimeout(r, 25));
  }
});
afterAll(async () => {
  await platform.app.close();
});

it('buys by quote amount against the market makers and settles exactly', async () => {
  const res = await submit(platform, buyer, {
    symbol: 'btcusdt',
    side: 'buy',
    type: 'market',
    quoteAmount: '100',
  });
  expect(res.status).toBe(200);
  const order = res.body.data;
  expect(order.type).toBe('market');
  expect(order.quoteAmount).toBe('100');
  expect(['filled', 'cancelled']).toContain(order.status);
  const spent = parseUnits(order.filledValue, 6);
  const got = parseUnits(order.filledQuantity, 8);
  expect(spent > 0n && spent <= 100_000_000n).toBe(true);
  // Taker fee 0.20% of the BTC received, truncated to the asset's minor units at most.
  const fee = parseUnits(order.fee, 8);
  expect(fee).toBeGreaterThan(0n);
  expect(fee <= (got * 20n) / 10_000n + 1n).toBe(true);
  const w = await wallet(platform, buyer);
  // What the order did not spend is back in full: no hold stays behind.
  expect(w.quote.held).toBe('0');
  expect(parseUnits(w.quote.available, 6)).toBe(1_000_000_000n - spent);
  expect(parseUnits(w.base.available, 8)).toBe(got - fee);
});
