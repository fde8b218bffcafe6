import { describe, expect, it } from 'vitest';
import {
  amountForPercent,
  quantityForPercent,
  ratePercent,
  summarise,
  type MarketMaths,
  type OrderInput,
} from './order-math.ts';

const BTC: MarketMaths = {
  priceDecimals: 2,
  quantityDecimals: 4,
  lotSize: '0.0001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
};

const order = (over: Partial<OrderInput>): OrderInput => ({
  side: 'buy',
  kind: 'limit',
  price: '',
  quantity: '',
  quoteAmount: '',
  useAmount: false,
  lastPrice: '100',
  available: '1000',
  ...over,
});

describe('quantity from a share of the balance', () => {
  it('buys 50% of 1000 USDT at 100 as 5.0000', () => {
    expect(
      quantityForPercent({
        side: 'buy',
        percent: 50,
        available: '1000',
        price: '100',
        market: BTC,
      }),
    ).toBe('5.0000');
  });

  it('rounds a buy down to the lot, never up', () => {
    // 1000 / 3 = 333.3333...: 333.3333 fits, 333.3334 would cost more than the balance.
    expect(
      quantityForPercent({ side: 'buy', percent: 100, available: '1000', price: '3', market: BTC }),
    ).toBe('333.3333');
    const coarse = { ...BTC, lotSize: '0.01' };
    expect(
      quantityForPercent({
        side: 'buy',
        percent: 25,
        available: '10',
        price: '0.7',
        market: coarse,
      }),
    ).toBe('3.5700');
  });

  it('sells a share of the base balance, down to the lot', () => {
    expect(
      quantityForPercent({
        side: 'sell',
        percent: 75,
        available: '0.12345678',
        price: null,
        market: BTC,
      }),
    ).toBe('0.0925');
    expect(
      quantityForPercent({ side: 'sell', percent: 100, available: '1', price: null, market: BTC }),
    ).toBe('1.0000');
  });

  it('needs a price to size a buy', () => {
    expect(
      quantityForPercent({ side: 'buy', percent: 50, available: '1000', price: '', market: BTC }),
    ).toBeNull();
    expect(
      quantityForPercent({ side: 'buy', percent: 50, available: '1000', price: '0', market: BTC }),
    ).toBeNull();
  });

  it('spends a share of the quote on a market buy by amount', () => {
    expect(amountForPercent('1000.55', 25, BTC)).toBe('250.13');
  });
});

describe('order summary', () => {
  it('shows value, the taker fee in base and what a limit buy receives', () => {
    const s = summarise(order({ price: '100', quantity: '5' }), BTC);
    expect(s).toMatchObject({
      value: '500',
      fee: '0.01',
      receive: '4.99',
      available: '1000',
      after: '500',
      ready: true,
    });
    expect(s.errors).toEqual({});
  });

  it('takes a sell fee in the quote it receives', () => {
    const s = summarise(
      order({ side: 'sell', price: '65000.01', quantity: '0.0003', available: '1' }),
      BTC,
    );
    expect(s).toMatchObject({
      value: '19.500003',
      fee: '0.039',
      receive: '19.461003',
      after: '0.9997',
    });
  });

  it('flags zero, a value below the minimum and a balance too small', () => {
    expect(summarise(order({ price: '0', quantity: '1' }), BTC).errors.price).toBe('zero');
    expect(summarise(order({ price: '100', quantity: '0.000' }), BTC).errors.quantity).toBe('zero');
    expect(summarise(order({ price: '100', quantity: '0.04' }), BTC).errors.quantity).toBe(
      'minValue',
    );
    const poor = summarise(order({ price: '100', quantity: '10.0001' }), BTC);
    expect(poor.errors.quantity).toBe('balance');
    expect(poor.ready).toBe(false);
  });

  it('estimates a market buy by amount at the last price', () => {
    const s = summarise(
      order({ kind: 'market', useAmount: true, quoteAmount: '250', lastPrice: '100' }),
      BTC,
    );
    expect(s).toMatchObject({
      value: '250',
      valueEstimated: false,
      receive: '2.495',
      after: '750',
    });
    const tooSmall = summarise(
      order({ kind: 'market', useAmount: true, quoteAmount: '4.99' }),
      BTC,
    );
    expect(tooSmall.errors.amount).toBe('minValue');
  });

  it('marks a market order by quantity as estimated and checks a sell against the base', () => {
    const s = summarise(
      order({ kind: 'market', side: 'sell', quantity: '2', available: '1.5', lastPrice: '100' }),
      BTC,
    );
    expect(s.valueEstimated).toBe(true);
    expect(s.errors.quantity).toBe('balance');
  });

  it('is not ready for a visitor without a balance, or without a quantity', () => {
    expect(summarise(order({ price: '100', quantity: '1', available: null }), BTC).ready).toBe(
      false,
    );
    expect(summarise(order({ price: '100' }), BTC).ready).toBe(false);
  });

  it('shows fee rates as percentages', () => {
    expect(ratePercent('0.001')).toBe('0.10%');
    expect(ratePercent('0.002')).toBe('0.20%');
    expect(ratePercent(null)).toBeNull();
  });
});
