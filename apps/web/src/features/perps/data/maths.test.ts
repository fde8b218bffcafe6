import { describe, expect, it } from 'vitest';
import { Decimal } from '@meridian/core';
import {
  baseSize,
  contractsOf,
  countdown,
  gaugeOf,
  leverageProblem,
  marginProblem,
  maxContracts,
  maxLeverageAt,
  notionalCapFor,
  orderCost,
  orderProblem,
  removableMargin,
  signOf,
  stopProblem,
} from './maths.ts';
import { testMarket, testPosition } from './test-data.ts';

const market = testMarket();
const price = (text: string) => Decimal.parse(text)!;

describe('order cost', () => {
  it('is the initial margin plus the taker fee, worked by hand', () => {
    // 100 contracts × 0.001 BTC × 60,000 = 6,000 notional; 10x: 600 margin;
    // 0.05 % taker: 3 fee; 603 in all.
    expect(
      orderCost({ market, side: 'buy', contracts: 100n, price: price('60000'), leverage: 10 }),
    ).toEqual({ notional: '6000', margin: '600', fee: '3', cost: '603' });
  });

  it('uses the maker rate for post-only orders', () => {
    const cost = orderCost({
      market,
      side: 'buy',
      contracts: 100n,
      price: price('60000'),
      leverage: 10,
      postOnly: true,
    });
    expect(cost?.fee).toBe('1.2');
    expect(cost?.cost).toBe('601.2');
  });

  it('rounds margin and fee up to the coin decimals (never less than charged)', () => {
    // 7 × 0.001 × 60,000.1 = 420.0007; ÷ 3 = 140.000233.. → 140.000234; fee 0.21000035 → 0.210001
    const cost = orderCost({ market, side: 'sell', contracts: 7n, price: price('60000.1'), leverage: 3 });
    expect(cost).toEqual({
      notional: '420.0007',
      margin: '140.000234',
      fee: '0.210001',
      cost: '140.210235',
    });
  });

  it('charges no margin for the contracts that close an opposite position', () => {
    const position = { side: 'long' as const, contracts: 60 };
    const cost = orderCost({ market, side: 'sell', contracts: 100n, price: price('60000'), leverage: 10, position });
    // 40 open: 2,400 ÷ 10 = 240; the fee on all 100: 3.
    expect(cost).toEqual({ notional: '6000', margin: '240', fee: '3', cost: '243' });
    expect(
      orderCost({ market, side: 'sell', contracts: 50n, price: price('60000'), leverage: 10, position })
        ?.margin,
    ).toBe('0');
  });

  it('is unknown until there is a price', () => {
    expect(orderCost({ market, side: 'buy', contracts: 1n, price: null, leverage: 10 })).toBeNull();
  });
});

describe('max contracts', () => {
  const base = { market, side: 'buy' as const, price: price('60000'), leverage: 10 };

  it('is what the balance pays for, margin and fee included', () => {
    // per contract: 60 × (1/10 + 0.0005) = 6.03; 1,000 ÷ 6.03 = 165.8 → 165 (cost 994.95).
    expect(maxContracts({ ...base, available: '1000' })).toBe(165n);
    expect(orderCost({ ...base, contracts: 165n })?.cost).toBe('994.95');
    expect(orderCost({ ...base, contracts: 166n })?.cost).toBe('1000.98');
    // exactly enough for 165 still gives 165
    expect(maxContracts({ ...base, available: '994.95' })).toBe(165n);
    expect(maxContracts({ ...base, available: '994.949999' })).toBe(164n);
  });

  it('is zero with nothing available and unknown before the balance or price', () => {
    expect(maxContracts({ ...base, available: '0' })).toBe(0n);
    expect(maxContracts({ ...base, available: null })).toBeNull();
    expect(maxContracts({ ...base, price: null, available: '100' })).toBeNull();
  });

  it('stays inside the tier that allows the leverage', () => {
    // 125x only up to 50,000 notional: 50,000 ÷ 60 = 833 contracts, however rich.
    expect(notionalCapFor(market.tiers, 125)?.toString()).toBe('50000');
    expect(notionalCapFor(market.tiers, 10)).toBeNull();
    expect(maxContracts({ ...base, leverage: 125, available: '1000000' })).toBe(833n);
    // with 30,000 of long already held, 20,000 of room: 333
    expect(
      maxContracts({
        ...base,
        leverage: 125,
        available: '1000000',
        position: { side: 'long', contracts: 500, notional: '30000' },
      }),
    ).toBe(333n);
  });

  it('adds the contracts that close an opposite position, paying only their fee', () => {
    // 60 long closed by a sell: fee 1.8; 998.2 ÷ 6.03 = 165.5 → 165 open; 225 in all.
    const max = maxContracts({
      ...base,
      side: 'sell',
      available: '1000',
      position: { side: 'long', contracts: 60 },
    });
    expect(max).toBe(225n);
    const held = { side: 'long' as const, contracts: 60 };
    // 225 × 60 = 13,500 notional, fee 6.75; 165 open: 990 margin; 996.75 in all.
    expect(orderCost({ ...base, side: 'sell', contracts: 225n, position: held })?.cost).toBe(
      '996.75',
    );
    // one more opens 166: 996 + 6.78 = 1,002.78, past the balance
    expect(orderCost({ ...base, side: 'sell', contracts: 226n, position: held })?.cost).toBe(
      '1002.78',
    );
  });

  it('never exceeds the market order maximum, and reduce-only is the position', () => {
    const small = testMarket({ maxContracts: 50 });
    expect(maxContracts({ ...base, market: small, available: '1000000' })).toBe(50n);
    expect(
      maxContracts({
        ...base,
        side: 'sell',
        available: '0',
        reduceOnly: true,
        position: { side: 'long', contracts: 30 },
      }),
    ).toBe(30n);
    expect(maxContracts({ ...base, available: '1000', reduceOnly: true, position: { side: 'long', contracts: 30 } })).toBe(0n);
  });
});

describe('the form checks', () => {
  const check = (over: Partial<Parameters<typeof orderProblem>[0]>) =>
    orderProblem({
      market,
      type: 'limit',
      contracts: '10',
      price: '60000',
      triggerPrice: '',
      max: 100n,
      reduceOnly: false,
      closable: 0n,
      ...over,
    });

  it('accepts a whole number of contracts within the balance', () => {
    expect(check({})).toBeNull();
  });

  it('names the first problem', () => {
    for (const contracts of ['', '0', '1.5', '-3', 'ten', '1e3'])
      expect(check({ contracts })).toBe('contracts');
    expect(check({ contracts: '100001' })).toBe('tooMany');
    expect(check({ price: '' })).toBe('price');
    expect(check({ price: '0' })).toBe('price');
    expect(check({ price: '60000.05' })).toBe('tick');
    expect(check({ type: 'market', price: '' })).toBeNull();
    expect(check({ type: 'stop_market', price: '', triggerPrice: '' })).toBe('trigger');
    expect(check({ type: 'stop_limit', triggerPrice: '59000.01' })).toBe('tick');
    expect(check({ contracts: '101' })).toBe('balance');
    expect(check({ reduceOnly: true, closable: 5n })).toBe('reduceOnly');
    expect(check({ reduceOnly: true, closable: 10n })).toBeNull();
  });

  it('reads contracts and sizes exactly', () => {
    expect(contractsOf(' 12 ')).toBe(12n);
    expect(contractsOf('0')).toBeNull();
    expect(baseSize(1234n, market)).toBe('1.234');
  });
});

describe('the leverage dialog', () => {
  it('allows whole leverages from 1 to the maximum of the position tier', () => {
    expect(leverageProblem('20', market, null)).toBeNull();
    expect(leverageProblem('125', market, null)).toBeNull();
    expect(leverageProblem('126', market, null)).toBe('range');
    expect(leverageProblem('0', market, null)).toBe('range');
    expect(leverageProblem('2.5', market, null)).toBe('whole');
    expect(leverageProblem('', market, null)).toBe('whole');
    // a 60,000 position is in tier 2: at most 100x
    expect(maxLeverageAt(market, '60000')).toBe(100);
    expect(leverageProblem('101', market, '60000')).toBe('tier');
    expect(leverageProblem('100', market, '60000')).toBeNull();
  });
});

describe('the take-profit / stop-loss dialog', () => {
  const long = { side: 'long' as const, reference: '61000' };
  it('needs at least one price, each a positive number', () => {
    expect(stopProblem({ ...long, takeProfit: '', stopLoss: '' })).toBe('none');
    expect(stopProblem({ ...long, takeProfit: 'abc', stopLoss: '' })).toBe('takeProfitPrice');
    expect(stopProblem({ ...long, takeProfit: '', stopLoss: '-5' })).toBe('stopLossPrice');
  });
  it('puts a long take-profit above and its stop-loss below the price watched', () => {
    expect(stopProblem({ ...long, takeProfit: '65000', stopLoss: '58000' })).toBeNull();
    expect(stopProblem({ ...long, takeProfit: '61000', stopLoss: '' })).toBe('takeProfitSide');
    expect(stopProblem({ ...long, takeProfit: '', stopLoss: '62000' })).toBe('stopLossSide');
  });
  it('mirrors them for a short', () => {
    const short = { side: 'short' as const, reference: '61000' };
    expect(stopProblem({ ...short, takeProfit: '58000', stopLoss: '65000' })).toBeNull();
    expect(stopProblem({ ...short, takeProfit: '65000', stopLoss: '' })).toBe('takeProfitSide');
    expect(stopProblem({ ...short, takeProfit: '', stopLoss: '60000' })).toBe('stopLossSide');
  });
});

describe('the adjust-margin dialog', () => {
  const position = testPosition({ margin: '7000', notional: '60000', leverage: 10 });
  it('adds up to the available balance', () => {
    expect(marginProblem({ flag: 'add', amount: '100', available: '100', position })).toBeNull();
    expect(marginProblem({ flag: 'add', amount: '100.000001', available: '100', position })).toBe('available');
    expect(marginProblem({ flag: 'add', amount: '0', available: '100', position })).toBe('amount');
    expect(marginProblem({ flag: 'add', amount: '1.0000001', available: '100', position })).toBe('decimals');
  });
  it('removes down to the initial margin only', () => {
    // initial margin 60,000 ÷ 10 = 6,000: 1,000 may leave
    expect(removableMargin(position)).toBe('1000');
    expect(marginProblem({ flag: 'remove', amount: '1000', available: null, position })).toBeNull();
    expect(marginProblem({ flag: 'remove', amount: '1000.01', available: null, position })).toBe('removable');
    expect(removableMargin(testPosition({ margin: '5000', notional: '60000' }))).toBe('0');
  });
});

describe('position figures', () => {
  it('signs by the decimal, not a float', () => {
    expect(signOf('0.000001')).toBe('up');
    expect(signOf('-0.000001')).toBe('down');
    expect(signOf('0')).toBe('flat');
    expect(signOf(null)).toBe('flat');
  });
  it('fills the gauge toward liquidation', () => {
    expect(gaugeOf('0.0352')).toEqual({ percent: 3, level: 'safe' });
    expect(gaugeOf('0.5')).toEqual({ percent: 50, level: 'warn' });
    expect(gaugeOf('0.8')).toEqual({ percent: 80, level: 'danger' });
    expect(gaugeOf('1.7')).toEqual({ percent: 100, level: 'danger' });
    expect(gaugeOf('0')).toEqual({ percent: 0, level: 'safe' });
  });
  it('counts down to the next funding', () => {
    expect(countdown(10_000_000, 10_000_000 - (3 * 3600 + 2 * 60 + 1) * 1000)).toBe('03:02:01');
    expect(countdown(0, 5)).toBe('00:00:00');
  });
});
