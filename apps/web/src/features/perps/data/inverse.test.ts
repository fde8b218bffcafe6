import { describe, expect, it } from 'vitest';
import { Decimal } from '@meridian/core';
import {
  estimatedLiquidation,
  inverseBankruptcyOf,
  inverseNotionalAt,
  inversePnlOf,
  usdValue,
} from './inverse.ts';
import {
  liquidationPreview,
  marginProblem,
  maxContracts,
  notionalOf,
  orderCost,
  removableMargin,
} from './maths.ts';
import { fullSymbol, kindOfType, symbolParam, tradePath } from './kind.ts';
import { resolveSymbol } from './market.ts';
import { testInverseMarket, testMarket, testPosition } from './test-data.ts';

// BTCUSD: 100 USD a contract, margined in BTC. Every figure below is worked by hand.
const market = testInverseMarket();
const price = (text: string) => Decimal.parse(text)!;

describe('inverse contract value', () => {
  it('is contracts × 100 USD, worth contracts × 100 ÷ price in BTC', () => {
    expect(usdValue(market, 100n)).toBe('10000');
    // 10,000 USD at 50,000 = 0.2 BTC; at 55,000 = 0.18181818 BTC (rounded down).
    expect(inverseNotionalAt(market, 100n, price('50000')).toString()).toBe('0.2');
    expect(inverseNotionalAt(market, 100n, price('55000')).toString()).toBe('0.18181818');
    expect(notionalOf(market, 100n, price('50000')).toString()).toBe('0.2');
  });

  it('pays a long 10,000 × (1/50,000 − 1/55,000) = 0.01818181 BTC from 50,000 to 55,000', () => {
    // 10,000 × (0.00002 − 0.0000181818...) = 0.0181818...; the engine rounds toward −∞.
    expect(inversePnlOf(market, 'long', 100n, '50000', '55000')).toBe('0.01818181');
    // The short loses it, rounded the same way (one satoshi further from zero).
    expect(inversePnlOf(market, 'short', 100n, '50000', '55000')).toBe('-0.01818182');
    // A fall to 45,000: 10,000 × (1/50,000 − 1/45,000) = −0.0222222...
    expect(inversePnlOf(market, 'long', 100n, '50000', '45000')).toBe('-0.02222223');
  });
});

describe('inverse order cost', () => {
  it('is the margin and the fee in the coin: 100 contracts at 50,000, 10x', () => {
    // Notional 0.2 BTC; margin 0.2 ÷ 10 = 0.02 BTC; taker 0.05 %: 0.0001 BTC.
    expect(
      orderCost({ market, side: 'buy', contracts: 100n, price: price('50000'), leverage: 10 }),
    ).toEqual({ notional: '0.2', margin: '0.02', fee: '0.0001', cost: '0.0201' });
  });

  it('rounds margin and fee up to satoshis', () => {
    // 1 contract at 30,000: 100 ÷ 30,000 = 0.00333333 BTC (down); 3x: 0.00111111 BTC up;
    // fee 0.00333333 × 0.0005 = 0.0000016666... up to 0.00000167.
    expect(
      orderCost({ market, side: 'sell', contracts: 1n, price: price('30000'), leverage: 3 }),
    ).toEqual({ notional: '0.00333333', margin: '0.00111111', fee: '0.00000167', cost: '0.00111278' });
  });

  it('costs more coin per contract as the price falls', () => {
    const at = (p: string) =>
      orderCost({ market, side: 'buy', contracts: 100n, price: price(p), leverage: 10 })!.cost;
    expect(price(at('40000')).gt(price(at('50000')))).toBe(true);
  });
});

describe('inverse max contracts', () => {
  it('is what the coin balance pays for: 0.0201 BTC buys exactly 100 at 50,000, 10x', () => {
    const max = (available: string) =>
      maxContracts({ market, side: 'buy', price: price('50000'), leverage: 10, available });
    expect(max('0.0201')).toBe(100n);
    expect(max('0.02009999')).toBe(99n);
    // 1 BTC at 10x: 1 ÷ (0.002 × (0.1 + 0.0005)) = 4975.12... contracts.
    expect(max('1')).toBe(4975n);
  });

  it('stays inside the tier of the leverage: 125x only up to 5 BTC of notional', () => {
    // 5 BTC at 50,000 is 250,000 USD: 2,500 contracts.
    expect(
      maxContracts({ market, side: 'buy', price: price('50000'), leverage: 125, available: '100' }),
    ).toBe(2500n);
  });
});

describe('inverse liquidation and bankruptcy', () => {
  it('liquidates a 10x long of 100 from 50,000 at 45,636.363637 and a short at 55,333.333333', () => {
    // packages/core/src/perps/inverse.test.ts: margin 0.02 BTC, tier 1 (0.4 %).
    const at = (side: 'long' | 'short') =>
      estimatedLiquidation({ market, side, contracts: 100n, entry: price('50000'), margin: '0.02' });
    expect(at('long')).toBe('45636.363637');
    expect(at('short')).toBe('55333.333333');
  });

  it('goes bankrupt at 45,454.545455 (long) and 55,555.555555 (short); a 1x short never', () => {
    expect(inverseBankruptcyOf(market, 'long', 100n, '50000', '0.02')).toBe('45454.545455');
    expect(inverseBankruptcyOf(market, 'short', 100n, '50000', '0.02')).toBe('55555.555555');
    expect(inverseBankruptcyOf(market, 'short', 100n, '50000', '0.2')).toBeNull();
    expect(
      estimatedLiquidation({
        market,
        side: 'short',
        contracts: 100n,
        entry: price('50000'),
        margin: '0.2',
      }),
    ).toBeNull();
  });

  it('still works out a linear liquidation with the same helper', () => {
    // BTCUSDT 1 BTC long from 60,000 with 6,000 USDT (10x). Tier 1 would give 54,216.87,
    // whose 54,216.87 USDT notional is past tier 1's 50,000, so tier 2 (0.5 %, 50):
    // P = (60,000 − 6,000 − 50) ÷ (1 − 0.005) = 54,221.105527..., rounded up.
    expect(
      estimatedLiquidation({
        market: testMarket(),
        side: 'long',
        contracts: 1000n,
        entry: price('60000'),
        margin: '6000',
      }),
    ).toBe('54221.105528');
  });
});

describe('margin moved on an inverse position', () => {
  const position = {
    ...testPosition({ symbol: 'btcusd', notional: '0.2', margin: '0.03', leverage: 10 }),
    kind: 'inverse' as const,
  };
  it('takes satoshis, not more', () => {
    expect(
      marginProblem({ flag: 'add', amount: '0.00000001', available: '1', position }),
    ).toBeNull();
    expect(
      marginProblem({ flag: 'add', amount: '0.000000001', available: '1', position }),
    ).toBe('decimals');
  });
  it('removes down to the initial margin (0.2 ÷ 10 = 0.02 BTC)', () => {
    expect(removableMargin(position)).toBe('0.01');
  });
});

describe('the liquidation estimate of the order form', () => {
  const at = (
    side: 'buy' | 'sell',
    contracts: bigint,
    p: string,
    position: Parameters<typeof liquidationPreview>[0]['position'] = null,
    marginMode: 'isolated' | 'cross' = 'isolated',
  ) =>
    liquidationPreview({
      market,
      side,
      contracts,
      price: price(p),
      marginMode,
      position,
      cost: orderCost({ market, side, contracts, price: price(p), leverage: 10, position }),
    });

  it('is the new position’s: 100 long at 50,000, 10x (0.02 BTC) liquidates at 45,636.363637', () => {
    expect(at('buy', 100n, '50000')).toBe('45636.363637');
  });

  it('averages an addition harmonically: 100 at 50,000 plus 100 at 40,000 is entered at 44,444.444445', () => {
    // Margins 0.02 + 0.025 BTC = 0.045 BTC on K = 20,000 USD: the core formula at the
    // harmonic entry, tier 1 (0.45 BTC of notional).
    const held = {
      side: 'long' as const,
      contracts: 100,
      notional: '0.2',
      entryPrice: '50000',
      margin: '0.02',
      marginMode: 'isolated' as const,
    };
    expect(at('buy', 100n, '40000', held)).toBe(
      estimatedLiquidation({
        market,
        side: 'long',
        contracts: 200n,
        entry: price('44444.444445'),
        margin: '0.045',
      }),
    );
  });

  it('has none for cross margin or an order that only closes', () => {
    expect(at('buy', 100n, '50000', null, 'cross')).toBeNull();
    const held = { side: 'long' as const, contracts: 100, entryPrice: '50000', margin: '0.02' };
    expect(at('sell', 60n, '50000', held)).toBeNull();
    // Reversing: 150 sold against 100 long opens a short of 50 at 50,000 (0.01 BTC).
    expect(at('sell', 150n, '50000', held)).toBe(
      estimatedLiquidation({
        market,
        side: 'short',
        contracts: 50n,
        entry: price('50000'),
        margin: '0.01',
      }),
    );
  });
});

describe('the kinds in addresses', () => {
  it('reads the trade types and names the markets of each', () => {
    expect(kindOfType('usta')).toBe('linear');
    expect(kindOfType('coin')).toBe('inverse');
    expect(kindOfType('spot')).toBeNull();
    expect(fullSymbol('BTC', 'inverse')).toBe('btcusd');
    expect(fullSymbol('btcusd', 'inverse')).toBe('btcusd');
    expect(fullSymbol('btc', 'linear')).toBe('btcusdt');
    expect(symbolParam('ethusd')).toBe('eth');
    expect(tradePath('btcusd')).toBe('/trade/index?type=coin&symbol=btc');
    expect(tradePath('btcusdt')).toBe('/trade/index?type=usta&symbol=btc');
  });

  it('shows BTCUSD for an unknown coin-margined market', () => {
    expect(resolveSymbol('doge', ['btcusd', 'ethusd'], 'inverse')).toEqual({
      symbol: 'btcusd',
      unknown: true,
    });
    expect(resolveSymbol('eth', ['btcusd', 'ethusd'], 'inverse')).toEqual({
      symbol: 'ethusd',
      unknown: false,
    });
  });
});
