import { describe, expect, it } from 'vitest';
import type { PerpListing } from '../../matching/commands.ts';
import { BTC_USDT, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { Desk as PerpDesk, U } from '../testing/perp-desk.ts';
import { INSURANCE_OWNER } from '../../perps/state.ts';

/*
 * A coin-margined BTCUSD perpetual: 100 USD a contract, margin, fees and profits in
 * satoshis. With 100 contracts K = 100 × 100 USD × 10⁸ sat, so the notional at 50,000 is
 * 10,000 USD ÷ 50,000 = 0.2 BTC. Every figure below is worked by hand from
 * packages/core/src/perps/inverse.ts.
 */
const SAT = 100_000_000n;
const btc = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole!) * SAT + BigInt(fraction.padEnd(8, '0'));
  return negative ? -units : units;
};
const usd = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * U + BigInt(fraction.padEnd(6, '0'));
};
const I = 'btcusd';

const INVERSE: PerpListing = {
  symbol: I,
  kind: 'inverse',
  underlying: BTC_USDT.symbol,
  base: 'BTC',
  quote: 'USDT',
  contractSize: usd('100'),
  tickSize: 100_000n, // 0.1 USD
  maxOrderContracts: 100_000,
  tiers: [
    { upTo: btc('5'), maxLeverage: 125, maintenanceRate: 400_000n },
    { upTo: btc('10'), maxLeverage: 100, maintenanceRate: 500_000n },
    { upTo: null, maxLeverage: 50, maintenanceRate: 1_000_000n },
  ],
  makerFeeBps: 2,
  takerFeeBps: 5,
  fundingIntervalMs: 8 * 3_600_000,
  interestRate: 10_000n,
  fundingCap: 750_000n,
  impactNotional: usd('1000'),
  protectionRate: 5_000_000n,
};

class Desk extends PerpDesk {
  constructor(engine = newEngine()) {
    super(INVERSE, 'BTC', engine);
  }

  override start(users: string[], amount = btc('1')): this {
    return super.start(users, amount);
  }
}

/** alice long and bob short, 100 contracts (10,000 USD) at 50,000, 10x isolated. */
function opened(): Desk {
  const d = new Desk().start(['alice', 'bob']);
  d.index(50_000);
  d.limit('bob', 'sell', 100, 50_000);
  d.market('alice', 'buy', 100);
  return d;
}

describe('inverse perpetuals: margin, fees and prices in the coin', () => {
  it('holds 0.02 BTC of margin and charges the fee in BTC', () => {
    const d = opened();
    expect(d.rejected()).toBeUndefined();
    // alice: margin 0.2 ÷ 10 = 0.02 BTC, taker fee 0.2 × 0.05 % = 0.0001 BTC.
    expect(d.wallet('alice')).toEqual({ available: btc('0.9799'), held: btc('0.02') });
    // bob: maker fee 0.2 × 0.02 % = 0.00004 BTC.
    expect(d.wallet('bob')).toEqual({ available: btc('0.97996'), held: btc('0.02') });
    expect(d.system('fee_revenue') + d.system('security_fund')).toBe(btc('0.00014'));
    // Long: P = K·E·(1 + 0.004) ÷ (M·E + K) = 45,636.3636…, rounded up.
    expect(d.position('alice')).toMatchObject({
      side: 'long',
      contracts: 100,
      entry: usd('50000'),
      margin: btc('0.02'),
      liquidation: usd('45636.363637'),
    });
    // Short: P = K·E·(0.004 − 1) ÷ (M·E − K) = 55,333.3333…, rounded down.
    expect(d.position('bob')!.liquidation).toBe(usd('55333.333333'));
    d.invariants();
  });

  it('settles 10,000 × (1/50,000 − 1/55,000) BTC on a close at 55,000, fees in BTC', () => {
    const d = opened();
    d.index(55_000);
    d.limit('bob', 'buy', 100, 55_000, { reduceOnly: true });
    d.market('alice', 'sell', 100, { reduceOnly: true });
    expect(d.position('alice')).toBeUndefined();
    expect(d.position('bob')).toBeUndefined();
    // Profit 0.018181818… BTC: alice's rounded down, bob's loss rounded up (toward −∞).
    // Fees at 10,000 ÷ 55,000 = 0.18181818 BTC: taker 0.0000909, maker 0.00003636.
    expect(d.wallet('alice')).toEqual({
      available: btc('1') - btc('0.0001') - 9_090n + 1_818_181n,
      held: 0n,
    });
    expect(d.wallet('bob')).toEqual({
      available: btc('1') - btc('0.00004') - 3_636n - 1_818_182n,
      held: 0n,
    });
    // The satoshi the two roundings leave stays in the settlement account.
    expect(d.system('perp_settlement')).toBe(1n);
    d.invariants();
  });

  it('averages an added entry harmonically: 200 contracts at 50,000 and 40,000 enter at 44,444.4', () => {
    const d = new Desk().start(['alice', 'bob'], btc('2'));
    // At 2x the long survives the fall to 40,000.
    d.run(d.s.perp({ op: 'leverage', user: 'alice', symbol: I, leverage: 2 }));
    d.index(50_000);
    d.limit('bob', 'sell', 100, 50_000);
    d.market('alice', 'buy', 100);
    d.index(40_000);
    d.limit('bob', 'sell', 100, 40_000);
    d.market('alice', 'buy', 100);
    // 200 ÷ (100/50,000 + 100/40,000) = 44,444.444…, a long's rounded up.
    expect(d.position('alice')!.entry).toBe(usd('44444.444445'));
    d.invariants();
  });

  it('liquidates an isolated long at its price: its margin pays the loss at bankruptcy, the fund takes it', () => {
    const d = opened();
    d.limit('bob', 'buy', 100, 40_000); // liquidity for the fund to close into
    d.index(45_600);
    expect(d.position('alice')).toBeUndefined();
    expect(d.events.some((e) => e.type === 'perp_liquidated' && e.user === 'alice')).toBe(true);
    // Bankruptcy: K·E ÷ (M·E + K) = 45,454.545455; the whole 0.02 BTC margin paid.
    const liquidated = d.events.find((e) => e.type === 'perp_liquidated');
    expect(liquidated).toMatchObject({ price: usd('45454.545455'), margin: btc('0.02') });
    expect(d.wallet('alice')).toEqual({ available: btc('0.9799'), held: 0n });
    d.invariants();
    // The fund closed what it took over into bob's bid, or holds the rest.
    const fund = d.engine.perps.position(INSURANCE_OWNER, I);
    expect(fund === undefined || fund.side === 'long').toBe(true);
  });

  it('has no liquidation or bankruptcy price for a 1x short, whose loss cannot pass its margin', () => {
    const d = new Desk().start(['alice', 'bob']);
    d.run(d.s.perp({ op: 'leverage', user: 'bob', symbol: I, leverage: 1 }));
    d.index(50_000);
    d.limit('bob', 'sell', 100, 50_000);
    d.market('alice', 'buy', 100);
    const bob = d.position('bob')!;
    expect(bob.margin).toBe(btc('0.2'));
    expect(bob.liquidation).toBeNull();
    const market = d.engine.perps.markets.get(I)!;
    expect(market.arithmetic.bankruptcyPrice('short', 100, bob.entry, bob.margin)).toBeNull();
    // However far the price rises, bob keeps something.
    expect(market.arithmetic.pnl('short', 100, bob.entry, usd('5000000'))).toBeGreaterThan(
      -btc('0.2'),
    );
  });

  it('pays funding on the notional in BTC, longs to shorts, netting to zero', () => {
    const d = opened();
    const market = d.engine.perps.markets.get(I)!;
    // No premium: the rate is the interest, 0.01 %.
    market.premiums = [0n];
    const time = market.nextFundingTime;
    d.run(d.s.perp({ op: 'fund', symbol: I, time }, time));
    const funding = d.events.find((e) => e.type === 'perp_funding');
    expect(funding).toMatchObject({ rate: 10_000n, mark: usd('50000') });
    // 0.2 BTC at the mark (50,000) × 0.01 % = 0.00002 BTC, alice to bob.
    expect(d.position('alice')!.funding).toBe(-btc('0.00002'));
    expect(d.position('bob')!.funding).toBe(btc('0.00002'));
    d.invariants();
  });

  it('keeps a linear and an inverse position of the same user apart, each in its own coin', () => {
    const engine = newEngine();
    const d = new Desk(engine).start(['alice', 'bob']);
    const linear = new PerpDesk(
      {
        ...INVERSE,
        kind: 'linear',
        symbol: 'btcperp',
        contractSize: 100_000n,
        tiers: [{ upTo: null, maxLeverage: 100, maintenanceRate: 500_000n }],
        impactNotional: usd('100'),
      },
      'USDT',
      engine,
    );
    linear.s.seq = d.s.seq;
    linear.s.ts = d.s.ts;
    linear.start(['alice', 'bob'], usd('10000'));
    d.s.seq = linear.s.seq;
    d.s.ts = linear.s.ts;
    d.index(50_000);
    d.limit('bob', 'sell', 100, 50_000);
    d.market('alice', 'buy', 100);
    linear.s.seq = d.s.seq;
    linear.s.ts = d.s.ts;
    linear.limit('bob', 'buy', 100, 50_000);
    linear.market('alice', 'sell', 100);
    expect(linear.rejected()).toBeUndefined();
    expect(d.position('alice')!.side).toBe('long');
    expect(linear.position('alice')!.side).toBe('short');
    // The USDT wallet paid only the linear position: 0.1 BTC × 50,000 = 5,000 notional.
    expect(linear.wallet('alice')).toEqual({
      available: usd('10000') - usd('500') - usd('2.5'),
      held: usd('500'),
    });
    expect(d.wallet('alice')).toEqual({ available: btc('0.9799'), held: btc('0.02') });
    d.invariants();
  });

  it('refuses bad inputs with nothing changed: too little BTC, margin beyond the wallet, a leverage above the tier', () => {
    const d = opened();
    const before = JSON.stringify({ ...d.engine.snapshot(), seq: 0 });
    d.limit('alice', 'buy', 100_000, 49_000);
    expect(d.rejected()).toBe('insufficient_balance');
    d.run(d.s.perp({ op: 'margin', user: 'alice', symbol: I, amount: btc('2'), add: true }));
    expect(d.rejected()).toBe('insufficient_balance');
    d.run(d.s.perp({ op: 'margin', user: 'alice', symbol: I, amount: btc('0.01'), add: false }));
    expect(d.rejected()).toBe('margin_too_low');
    d.run(d.s.perp({ op: 'leverage', user: 'alice', symbol: I, leverage: 126 }));
    expect(d.rejected()).toBe('leverage_too_high');
    expect(JSON.stringify({ ...d.engine.snapshot(), seq: 0 })).toBe(before);
  });

  it('replays to the same state from a snapshot', () => {
    const d = opened();
    const restored = new TradingEngine(
      { assets: d.engine.assetList(), markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(d.engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(d.engine.stateHash());
    expect(restored.perps.markets.get(I)!.arithmetic.kind).toBe('inverse');
    const next = d.s.index(45_000n * U);
    d.run(next);
    restored.apply(next);
    expect(restored.stateHash()).toBe(d.engine.stateHash());
  });
});
