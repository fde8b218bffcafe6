import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '@meridian/core';
import type { Platform } from '../../../app.ts';
import { call, startAccounts } from '../../../../test/accounts-helpers.ts';
import { submit, trader, type Trader } from './spot-helpers.ts';

// Market makers off: only these users trade, so every fee is known.
let platform: Platform;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  a = await trader(platform, 'rules-a@example.org', { USDT: '100000', BTC: '10' });
  b = await trader(platform, 'rules-b@example.org', { USDT: '100000' });
});
afterAll(async () => {
  await platform.app.close();
});

const DECIMALS: Record<string, number> = { BTC: 8, USDT: 6 };

async function fund(): Promise<Map<string, bigint>> {
  // Public: no token.
  const res = await call(platform.app, 'GET', '/api/common/securityFund');
  expect(res.status).toBe(200);
  expect(res.body.data.feeShare).toBe('0.1');
  return new Map(
    (res.body.data.balances as Array<{ coin: string; amount: string }>).map((row) => [
      row.coin,
      parseUnits(row.amount, DECIMALS[row.coin] ?? 18),
    ]),
  );
}

describe('securityFund', () => {
  it('grows by exactly a tenth (rounded down) of every fee two users pay', async () => {
    const before = await fund();
    expect([...before.keys()]).toEqual(expect.arrayContaining(['USDT', 'BTC']));

    // Odd sizes and prices, so fees are not round numbers.
    const sell = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '61234.57',
      quantity: '0.0789',
    });
    expect(sell.status).toBe(200);
    for (const quantity of ['0.0123', '0.0456']) {
      const buy = await submit(platform, b, {
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '61234.57',
        quantity,
      });
      expect(buy.body.data.status).toBe('filled');
    }

    // Placing answers from the durable ack; the query tables follow within a batch.
    await platform.engine.projected();
    const fills = await platform.database.db
      .selectFrom('trade_fills')
      .select(['maker_fee', 'taker_fee', 'taker_side'])
      .where('maker_order_id', '=', Number(sell.body.data.id))
      .execute();
    expect(fills).toHaveLength(2);
    const expected = new Map<string, bigint>([
      ['USDT', 0n],
      ['BTC', 0n],
    ]);
    for (const fill of fills) {
      // The buyer (taker here) pays in BTC, the seller (maker) in USDT.
      expect(fill.taker_side).toBe('buy');
      const maker = parseUnits(fill.maker_fee, DECIMALS.USDT!);
      const taker = parseUnits(fill.taker_fee, DECIMALS.BTC!);
      expect(maker).toBeGreaterThan(0n);
      expect(taker).toBeGreaterThan(0n);
      expected.set('USDT', expected.get('USDT')! + maker / 10n);
      expected.set('BTC', expected.get('BTC')! + taker / 10n);
    }

    const after = await fund();
    for (const coin of ['USDT', 'BTC']) {
      const grew = after.get(coin)! - before.get(coin)!;
      expect(formatUnits(grew, DECIMALS[coin]!)).toBe(
        formatUnits(expected.get(coin)!, DECIMALS[coin]!),
      );
    }
    expect(after.get('ETH')).toBe(before.get('ETH'));
  });
});

describe('spotMarkets', () => {
  it('publishes every spot market with its steps, minimum value, fees and price band', async () => {
    const res = await call(platform.app, 'GET', '/api/common/spotMarkets');
    expect(res.status).toBe(200);
    const markets = res.body.data as Array<Record<string, string>>;
    expect(markets.find((m) => m.symbol === 'btcusdt')).toEqual({
      symbol: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      tickSize: '0.01',
      lotSize: '0.0001',
      minNotional: '5',
      makerFeeRate: '0.001',
      takerFeeRate: '0.002',
      priceBandPercent: '5',
      state: 'trading',
    });
    expect(markets.find((m) => m.symbol === 'dogeusdt')).toMatchObject({
      tickSize: '0.00001',
      lotSize: '1',
    });

    // The published steps are the ones the engine enforces: half a tick is refused.
    const offTick = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '70000.005',
      quantity: '0.0001',
    });
    expect(offTick.status).toBe(400);
  });
});
