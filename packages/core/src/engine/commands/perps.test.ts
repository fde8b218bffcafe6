import { describe, expect, it } from 'vitest';
import { systemAccount } from '../../ledger/accounts.ts';
import type { PerpListing } from '../../matching/commands.ts';
import { BTC_USDT, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { PERP_SETTLEMENT } from '../../perps/engine.ts';
import { INSURANCE_OWNER } from '../../perps/state.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';
import { Desk as PerpDesk, U } from '../testing/perp-desk.ts';

// Amounts in USDT minor units (6 decimals); prices in ticks of 0.1 USDT (the desk's `limit`
// takes whole USDT).
const usdt = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole!) * U + BigInt(fraction.padEnd(6, '0'));
  return negative ? -units : units;
};
const P = 'btcperp';
const HOUR = 3_600_000;

const LISTING: PerpListing = {
  symbol: P,
  underlying: BTC_USDT.symbol,
  base: 'BTC',
  quote: 'USDT',
  contractSize: 100_000n, // 0.001 BTC
  tickSize: 100_000n, // 0.1 USDT
  maxOrderContracts: 100_000,
  tiers: [
    { upTo: usdt('50000'), maxLeverage: 125, maintenanceRate: 400_000n },
    { upTo: usdt('250000'), maxLeverage: 100, maintenanceRate: 500_000n },
    { upTo: usdt('1000000'), maxLeverage: 50, maintenanceRate: 1_000_000n },
    { upTo: null, maxLeverage: 20, maintenanceRate: 2_500_000n },
  ],
  makerFeeBps: 2,
  takerFeeBps: 5,
  fundingIntervalMs: 8 * HOUR,
  interestRate: 10_000n,
  fundingCap: 750_000n,
  impactNotional: usdt('100'),
  protectionRate: 5_000_000n,
};

/** The linear desk: BTC-margined in USDT, 10,000 USDT each unless told. */
class Desk extends PerpDesk {
  constructor(engine = newEngine()) {
    super(LISTING, 'USDT', engine);
  }

  override start(users: string[], amount = usdt('10000')): this {
    return super.start(users, amount);
  }
}

/** alice long and bob short, 100 contracts (0.1 BTC) at 60,000, 10x isolated. */
function opened(users: string[] = ['alice', 'bob']): Desk {
  const d = new Desk().start(users);
  d.index(60_000);
  d.limit('bob', 'sell', 100, 60_000);
  d.market('alice', 'buy', 100);
  return d;
}

describe('perpetuals: opening', () => {
  it('holds margin and fee, then keeps the initial margin as the position margin', () => {
    const d = opened();
    // alice: taker fee 6,000 × 0.05 % = 3; 600 of margin held; her market hold at the
    // protection price (63,000: 630 + 3.15) gave the rest back.
    expect(d.wallet('alice')).toEqual({ available: usdt('9397'), held: usdt('600') });
    // bob: maker fee 6,000 × 0.02 % = 1.2.
    expect(d.wallet('bob')).toEqual({ available: usdt('9398.8'), held: usdt('600') });
    expect(d.system('fee_revenue') + d.system('security_fund')).toBe(usdt('4.2'));
    expect(d.system('security_fund')).toBe(usdt('0.42'));
    const alice = d.position('alice')!;
    expect(alice).toMatchObject({
      side: 'long',
      contracts: 100,
      entry: usdt('60000'),
      margin: usdt('600'),
    });
    // (600 − 6,000) ÷ (0.1 × (0.004 − 1)) = 54,216.8674698…, rounded up.
    expect(alice.liquidation).toBe(usdt('54216.86747'));
    expect(d.position('bob')).toMatchObject({ side: 'short', contracts: 100, margin: usdt('600') });
    d.invariants();
  });

  it('refuses with nothing changed: leverage above the tier, reduce-only that would increase, bad sizes, too little money', () => {
    const d = opened();
    const before = d.state();
    d.run(d.s.perp({ op: 'leverage', user: 'alice', symbol: P, leverage: 126 }));
    expect(d.rejected()).toBe('leverage_too_high');
    d.limit('alice', 'sell', 50, 61_000, { reduceOnly: true });
    expect(d.rejected()).toBeUndefined(); // a reduce-only sell of a long is fine
    const withOrder = d.state();
    d.limit('alice', 'buy', 10, 59_000, { reduceOnly: true });
    expect(d.rejected()).toBe('reduce_only_increase');
    d.limit('bob', 'buy', 101, 59_000, { reduceOnly: true });
    expect(d.rejected()).toBe('reduce_only_increase');
    d.limit('alice', 'buy', 1.5, 59_000);
    expect(d.rejected()).toBe('invalid_quantity');
    d.limit('alice', 'buy', 0, 59_000);
    expect(d.rejected()).toBe('invalid_quantity');
    d.limit('alice', 'buy', 10_000, 59_000);
    expect(d.rejected()).toBe('insufficient_balance');
    d.run(d.s.perp({ op: 'margin', user: 'alice', symbol: P, amount: usdt('1'), add: false }));
    expect(d.rejected()).toBe('margin_too_low');
    d.run(d.s.perp({ op: 'mode', user: 'alice', symbol: P, mode: 'cross' }));
    expect(d.rejected()).toBe('position_open');
    expect(d.state()).toBe(withOrder);
    expect(before).not.toBe(withOrder);
    // Another user's order cannot be cancelled.
    const order = [...d.engine.perps.markets.get(P)!.live.values()][0]!;
    d.run(d.s.perp({ op: 'cancel', user: 'bob', symbol: P, orderId: order.id }));
    expect(d.rejected()).toBe('not_owner');
    expect(d.state()).toBe(withOrder);
  });

  it('refuses a leverage the position tier does not allow', () => {
    const d = new Desk().start(['alice', 'bob'], usdt('100000'));
    d.index(60_000);
    d.run(d.s.perp({ op: 'leverage', user: 'alice', symbol: P, leverage: 125 }));
    expect(d.rejected()).toBeUndefined();
    // 1,000 contracts = 1 BTC = 60,000 notional: tier 2, at most 100x.
    d.limit('alice', 'buy', 1_000, 60_000);
    expect(d.rejected()).toBe('leverage_too_high');
    d.limit('alice', 'buy', 800, 60_000);
    expect(d.rejected()).toBeUndefined();
  });
});

describe('perpetuals: marking and closing', () => {
  it('takes profit on the mark: the whole position closes at market, PnL from the settlement account', () => {
    const d = opened(['alice', 'bob', 'carol']);
    d.run(
      d.s.perp({
        op: 'triggers',
        user: 'alice',
        symbol: P,
        takeProfit: { price: usdt('61000'), trigger: 'mark' },
      }),
    );
    expect(d.rejected()).toBeUndefined();
    d.limit('carol', 'buy', 100, 61_000);
    const events = d.index(61_000);
    expect(events.some((e) => e.type === 'perp_trade')).toBe(true);
    expect(d.position('alice')).toBeUndefined();
    // +100 PnL, 600 margin back, taker fee 6,100 × 0.05 % = 3.05.
    expect(d.wallet('alice')).toEqual({ available: usdt('10093.95'), held: 0n });
    // carol opened at 61,000: margin 610, maker fee 1.22.
    expect(d.wallet('carol')).toEqual({ available: usdt('9388.78'), held: usdt('610') });
    expect(d.system(PERP_SETTLEMENT)).toBe(usdt('-100'));
    expect(d.system('security_fund')).toBe(usdt('0.847'));
    d.invariants();
  });

  it('marks at the median: a wild last trade does not move it', () => {
    const d = opened(['alice', 'bob', 'carol', 'dave']);
    // A thin trade far above: 1 contract at 62,900 (within a market order's 5 % band).
    d.limit('carol', 'sell', 1, 62_900);
    d.market('dave', 'buy', 1);
    expect(d.rejected()).toBeUndefined();
    d.index(60_100);
    const market = d.engine.perps.markets.get(P)!;
    expect(market.lastPrice).toBe(usdt('62900'));
    // median(60,100 carried, 60,100 + no basis, 62,900 last) = 60,100.
    expect(market.mark).toBe(usdt('60100'));
  });

  it('adds and removes isolated margin, moving the liquidation price', () => {
    const d = opened();
    d.run(d.s.perp({ op: 'margin', user: 'alice', symbol: P, amount: usdt('400'), add: true }));
    expect(d.position('alice')!.margin).toBe(usdt('1000'));
    expect(d.wallet('alice')).toEqual({ available: usdt('8997'), held: usdt('1000') });
    // (1,000 − 6,000) ÷ (−0.0996) = 50,200.80321…
    expect(d.position('alice')!.liquidation).toBe(usdt('50200.803213'));
    d.run(
      d.s.perp({ op: 'margin', user: 'alice', symbol: P, amount: usdt('400.000001'), add: false }),
    );
    expect(d.rejected()).toBe('margin_too_low');
    d.run(d.s.perp({ op: 'margin', user: 'alice', symbol: P, amount: usdt('400'), add: false }));
    expect(d.wallet('alice')).toEqual({ available: usdt('9397'), held: usdt('600') });
    d.invariants();
  });
});

describe('perpetuals: funding', () => {
  function withBook(bid: number, ask: number): Desk {
    const d = opened(['alice', 'bob', 'erin']);
    d.limit('erin', 'buy', 10, bid);
    d.limit('erin', 'sell', 10, ask);
    return d;
  }

  it('pays longs to shorts at premium + clamp(interest − premium), the clamp hit', () => {
    const d = withBook(60_300, 60_400);
    const market = d.engine.perps.markets.get(P)!;
    const at = market.nextFundingTime;
    // One sample a minute. The opening tick's book had no bid: premium 0. Now the impact
    // bid (100 USDT into 60,300 buys 0.00165837 BTC: 60,300.174267) is 0.50029 % over the
    // index 60,000; the ask side is above the index (no discount).
    d.index(60_000, at - 60_000);
    expect(market.premiums).toEqual([0n, 500_290n]);
    d.run(d.s.perp({ op: 'fund', symbol: P, time: at }, at));
    const funding = d.events.find((e) => e.type === 'perp_funding');
    // Weighted: (1 × 0 + 2 × 0.50029 %) ÷ 3 = 0.333526 %; + clamp(0.01 % − 0.333526 %) =
    // − 0.05 %: 0.283526 %. Mark 60,000 (median of 60,000, 60,350, 60,000): 6,000 × that
    // = 17.01156, from alice's margin to bob's.
    expect(funding).toMatchObject({ rate: 283_526n, mark: usdt('60000') });
    expect(d.position('alice')!.margin).toBe(usdt('582.98844'));
    expect(d.position('bob')!.margin).toBe(usdt('617.01156'));
    expect(d.system(PERP_SETTLEMENT)).toBe(0n);
    d.invariants();
  });

  it('pays the interest rate when the premium is small (clamp not hit), exactly once per time', () => {
    const d = withBook(60_012, 60_020);
    const market = d.engine.perps.markets.get(P)!;
    const at = market.nextFundingTime;
    d.index(60_000, at - 60_000);
    // Impact bid 60,012.122448: premium 0.020204 %, weighted with the opening tick's 0:
    // 0.013469 %; + clamp(0.01 % − 0.013469 %) (not hit) = the interest, 0.01 %: 0.6.
    const fund = d.s.perp({ op: 'fund', symbol: P, time: at }, at);
    d.run(fund);
    expect(d.position('alice')!.margin).toBe(usdt('599.4'));
    expect(d.position('bob')!.margin).toBe(usdt('600.6'));
    const after = d.state();
    // The same run again (a retry, a restart mid-run) pays nothing more.
    d.run(d.s.perp({ op: 'fund', symbol: P, time: at }));
    expect(d.rejected()).toBe('duplicate_reference');
    expect(d.state()).toBe(after);
    expect(market.nextFundingTime).toBe(at + 8 * HOUR);
    d.invariants();
  });
});

describe('perpetuals: liquidation', () => {
  it('closes an isolated position at its bankruptcy price; the insurance fund takes it into the book', () => {
    const d = opened(['alice', 'bob', 'frank']);
    d.run(
      d.s.adjust(
        systemAccount('operator_capital', 'USDT'),
        systemAccount('insurance_fund', 'USDT'),
        usdt('1000'),
        'seed-fund',
      ),
    );
    expect(d.rejected()).toBeUndefined();
    d.limit('frank', 'buy', 100, 54_100);
    const events = d.index(54_200);
    const liquidated = events.find((e) => e.type === 'perp_liquidated');
    // Bankruptcy: 60,000 − 600 ÷ 0.1 = 54,000.
    expect(liquidated).toMatchObject({ user: 'alice', price: usdt('54000'), contracts: 100 });
    expect(d.position('alice')).toBeUndefined();
    expect(d.wallet('alice')).toEqual({ available: usdt('9397'), held: 0n });
    // The fund sold at 54,100 what it took at 54,000: +10.
    expect(d.system('insurance_fund')).toBe(usdt('1010'));
    expect(d.position(INSURANCE_OWNER)).toBeUndefined();
    expect(d.position('frank')).toMatchObject({
      side: 'long',
      contracts: 100,
      entry: usdt('54100'),
    });
    expect(d.system(PERP_SETTLEMENT)).toBe(usdt('590'));
    d.invariants();
  });

  it('auto-deleverages the profitable opposite side when the fund cannot cover the close', () => {
    const d = opened(['alice', 'bob', 'frank']);
    d.limit('frank', 'buy', 100, 53_000);
    const events = d.index(54_200);
    expect(events.find((e) => e.type === 'perp_adl')).toMatchObject({
      user: 'bob',
      contracts: 100,
      price: usdt('54000'),
    });
    // bob's short closed at 54,000: +600, and his 600 of margin back.
    expect(d.wallet('bob')).toEqual({ available: usdt('10598.8'), held: 0n });
    expect(d.position('bob')).toBeUndefined();
    expect(d.position(INSURANCE_OWNER)).toBeUndefined();
    expect(d.system(PERP_SETTLEMENT)).toBe(0n);
    // frank's bid below the bankruptcy price was not taken.
    expect(d.engine.perps.markets.get(P)!.live.size).toBe(1);
    d.invariants();
  });

  it('liquidates a cross account on its whole margin balance', () => {
    const d = new Desk().start(['alice', 'bob', 'frank'], usdt('1000'));
    d.run(d.s.perp({ op: 'mode', user: 'alice', symbol: P, mode: 'cross' }));
    d.run(d.s.perp({ op: 'leverage', user: 'alice', symbol: P, leverage: 20 }));
    d.index(60_000);
    d.limit('bob', 'sell', 100, 60_000);
    d.market('alice', 'buy', 100);
    expect(d.position('alice')).toMatchObject({ mode: 'cross', margin: usdt('300') });
    // Cross: the whole wallet (997 after the fee) stands behind it: 997 + 0.1 × (P − 60,000)
    // meets 0.4 % of 0.1 × P at P = 50,230.92.
    d.limit('frank', 'buy', 100, 50_300);
    d.index(50_300);
    expect(d.position('alice')).toBeDefined();
    const events = d.index(50_200);
    expect(events.find((e) => e.type === 'perp_liquidated')).toMatchObject({
      user: 'alice',
      mode: 'cross',
      price: usdt('50200'),
    });
    expect(d.position('alice')).toBeUndefined();
    expect(d.wallet('alice')).toEqual({ available: 0n, held: 0n });
    // Closed at the mark: −980; 997 − 980 = 17 left to the fund, which then sold what it
    // took at 50,200 to frank's bid at 50,300: +10.
    expect(d.system('insurance_fund')).toBe(usdt('27'));
    d.invariants();
  });
});

describe('perpetuals: journal and snapshot', () => {
  it('encodes every step and replays to the same state from a snapshot', () => {
    const d = opened(['alice', 'bob', 'carol']);
    d.limit('carol', 'buy', 10, 59_000);
    const cmd = d.s.perp({
      op: 'triggers',
      user: 'alice',
      symbol: P,
      stopLoss: { price: usdt('55000'), trigger: 'last' },
    });
    const line = encodeCommand(cmd);
    expect(decodeCommand(line.trimEnd())).toEqual(cmd);
    d.run(cmd);
    const restored = new TradingEngine(
      { assets: d.engine.assetList(), markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(d.engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(d.engine.stateHash());
    // Both go on the same way.
    const next = d.s.index(60_500n * U);
    d.run(next);
    restored.apply(next);
    expect(restored.stateHash()).toBe(d.engine.stateHash());
  });
});
