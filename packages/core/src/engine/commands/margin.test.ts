import { describe, expect, it } from 'vitest';
import { debtAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import { HOUR_MS, type MarginWallet } from '../../margin/engine.ts';
import type { EngineCommand, MarginOp } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { BTC, BTC_USDT, CommandStream, newEngine, USDT } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

// BTC-USDT: tick 0.01 USDT, lot 0.0001 BTC; USDT 6 decimals, BTC 8.
const U = 1_000_000n;
const usdt = (whole: number | string) => {
  const [w, f = ''] = String(whole).split('.');
  return BigInt(w!) * U + BigInt(f.padEnd(6, '0'));
};
const ticks = (price: number) => price * 100;
const M = BTC_USDT.symbol;
const ISO: MarginWallet = `margin.${M}`;

class Desk {
  readonly engine = newEngine();
  readonly s = new CommandStream();
  events: EngineEvent[] = [];

  run(cmd: EngineCommand): EngineEvent[] {
    this.events = this.engine.apply(cmd).events;
    return this.events;
  }

  margin(op: MarginOp, ts = ++this.s.ts): EngineEvent[] {
    this.s.ts = ts;
    return this.run({ type: 'margin', seq: ++this.s.seq, ts, op });
  }

  rejected(): string | undefined {
    const e = this.events.find((x) => x.type === 'rejected');
    return e && e.type === 'rejected' ? e.reason : undefined;
  }

  balance(key: string): bigint {
    return this.engine.ledger.balance(key);
  }

  iso(user: string, asset: string): bigint {
    return this.balance(userAccount(user, asset, 'available', ISO));
  }

  state(): string {
    return JSON.stringify({ ...this.engine.snapshot(), seq: 0 });
  }

  /** Every asset's accounts sum to zero; receivables mirror what the accounts owe. */
  invariants(): void {
    const sums = new Map<string, bigint>();
    for (const [key, balance] of this.engine.ledger.entries()) {
      const asset = key.slice(key.lastIndexOf(':') + 1);
      sums.set(asset, (sums.get(asset) ?? 0n) + balance);
    }
    for (const [asset, sum] of sums) expect(sum, asset).toBe(0n);
    for (const asset of ['USDT', 'BTC']) {
      let owed = 0n;
      for (const loan of this.engine.margin.loans.values()) {
        if (loan.asset === asset) owed += loan.principal + loan.interest;
      }
      expect(this.balance(systemAccount('margin_receivable', asset)), asset).toBe(owed);
    }
  }
}

/** Pools (USDT 0.001 %/h, BTC 0.0005 %/h), BTC-USDT isolated up to 5x, 100,000 USDT and 10 BTC to lend; alice moves 1,000 USDT into her isolated account. */
function funded(): Desk {
  const d = new Desk();
  d.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n });
  d.margin({ op: 'pool', asset: 'BTC', hourlyRate: 500n });
  d.margin({ op: 'pair', market: M, maxLeverage: 5 });
  const capital = (asset: string) => systemAccount('operator_capital', asset);
  d.run(d.s.adjust(capital('USDT'), systemAccount('margin_lending', 'USDT'), usdt(100_000), 'l1'));
  d.run(d.s.adjust(capital('BTC'), systemAccount('margin_lending', 'BTC'), 10n * 10n ** 8n, 'l2'));
  d.run(d.s.deposit('alice', 'USDT', usdt(1_000)));
  d.margin({
    op: 'transfer',
    user: 'alice',
    asset: 'USDT',
    amount: usdt(1_000),
    from: 'spot',
    to: ISO,
    ref: 'ta1',
  });
  d.run(d.s.index(usdt(50_000)));
  return d;
}

/** alice borrows 3,000 USDT and buys 0.08 BTC at 50,000 (4,000) from bob's ask. */
function long(): Desk {
  const d = funded();
  d.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(3_000) });
  d.run(d.s.deposit('bob', 'BTC', 10n ** 8n));
  d.run(d.s.limit('bob', 'sell', ticks(50_000), 800));
  d.run(
    d.s.place({
      user: 'alice',
      side: 'buy',
      kind: 'limit',
      price: ticks(50_000),
      lots: 800,
      tif: 'IOC',
      wallet: ISO,
    }),
  );
  return d;
}

describe('spot margin: borrowing within the limit', () => {
  it('lends up to equity × (leverage − 1) from the pool, and mirrors the debt', () => {
    const d = funded();
    expect(d.iso('alice', 'USDT')).toBe(usdt(1_000));
    // 1,000 of equity at 5x: 4,000 may be borrowed.
    expect(d.engine.margin.maxBorrow('alice', ISO, 'USDT')).toBe(usdt(4_000));
    const before = d.state();
    d.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(4_000) + 1n });
    expect(d.rejected()).toBe('insufficient_balance');
    expect(d.state()).toBe(before);

    d.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(3_000) });
    expect(d.rejected()).toBeUndefined();
    expect(d.iso('alice', 'USDT')).toBe(usdt(4_000));
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(-usdt(3_000));
    expect(d.balance(systemAccount('margin_lending', 'USDT'))).toBe(usdt(97_000));
    // Level 4,000 ÷ 3,000 = 1.33333333; 1,000 more may be borrowed.
    expect(d.engine.margin.account('alice', ISO).level).toBe(133_333_333n);
    expect(d.engine.margin.maxBorrow('alice', ISO, 'USDT')).toBe(usdt(1_000));
    // Owing 3,000 on 1,000 of equity needs 4x at least: 3x is refused, 4x taken.
    d.margin({ op: 'leverage', user: 'alice', market: M, leverage: 3 });
    expect(d.rejected()).toBe('leverage_too_high');
    d.margin({ op: 'leverage', user: 'alice', market: M, leverage: 4 });
    expect(d.rejected()).toBeUndefined();
    expect(d.engine.margin.maxBorrow('alice', ISO, 'USDT')).toBe(0n);
    d.invariants();
  });

  it('refuses with nothing changed: no pool, a coin outside the pair, bad amounts, a pair not open to margin', () => {
    const d = funded();
    const before = d.state();
    const borrow = (wallet: MarginWallet, asset: string, amount: bigint) =>
      d.margin({ op: 'borrow', user: 'alice', wallet, asset, amount });
    borrow(ISO, 'ETH', 1n);
    expect(d.rejected()).toBe('unknown_asset');
    borrow(ISO, 'USDT', 0n);
    expect(d.rejected()).toBe('invalid_amount');
    borrow(ISO, 'USDT', -5n);
    expect(d.rejected()).toBe('invalid_amount');
    borrow('margin.ethusdt', 'USDT', 1n);
    expect(d.rejected()).toBe('invalid_account');
    d.margin({ op: 'repay', user: 'bob', wallet: ISO, asset: 'USDT', amount: 1n });
    expect(d.rejected()).toBe('no_position');
    d.margin({ op: 'leverage', user: 'alice', market: M, leverage: 6 });
    expect(d.rejected()).toBe('leverage_too_high');
    expect(d.state()).toBe(before);
  });
});

describe('spot margin: interest and repayment', () => {
  it('charges each hour once, catches up after an outage, and takes repayments interest first', () => {
    const d = funded();
    d.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(3_000) });
    const hour = Math.floor(d.s.ts / HOUR_MS);
    // 3,000 × 0.001 % = 0.03 USDT an hour; down for two hours, then both are charged.
    d.margin({ op: 'accrue', hour: hour + 2 }, (hour + 2) * HOUR_MS + 1);
    expect(d.events.filter((e) => e.type === 'margin_interest')).toMatchObject([
      { hours: 2, amount: usdt('0.06') },
    ]);
    const key = `alice\u0000${ISO}\u0000USDT`;
    const charged = { ...d.engine.margin.loans.get(key)! };
    // The same hour again (a retry, a second process) charges nothing.
    d.margin({ op: 'accrue', hour: hour + 2 }, (hour + 2) * HOUR_MS + 2);
    expect(d.rejected()).toBe('duplicate_reference');
    expect(d.engine.margin.loans.get(key)).toEqual(charged);
    // An hour not yet over is not charged.
    d.margin({ op: 'accrue', hour: hour + 4 }, (hour + 3) * HOUR_MS + 5);
    expect(d.rejected()).toBe('not_due');

    // 0.05 pays 0.05 of the 0.06 interest, to revenue; the principal stays.
    const revenue = d.balance(systemAccount('fee_revenue', 'USDT'));
    d.margin({ op: 'repay', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt('0.05') });
    const loan = d.engine.margin.loans.get(`alice\u0000${ISO}\u0000USDT`)!;
    expect(loan.interest).toBe(usdt('0.01'));
    expect(loan.principal).toBe(usdt(3_000));
    expect(d.balance(systemAccount('fee_revenue', 'USDT')) - revenue).toBe(usdt('0.05'));
    // More than owed pays what is owed, no more.
    d.margin({ op: 'repay', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(10_000) });
    expect(d.events).toMatchObject([
      { type: 'margin_repaid', amount: usdt('3000.01'), loan: null },
    ]);
    expect(d.iso('alice', 'USDT')).toBe(usdt(1_000) - usdt('0.06'));
    expect(d.balance(systemAccount('margin_lending', 'USDT'))).toBe(usdt(100_000));
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(0n);
    d.invariants();
  });

  it('lets money leave an account that owes something only down to level 2', () => {
    const d = funded();
    d.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(1_000) });
    const out = (amount: bigint, ref: string) =>
      d.margin({
        op: 'transfer',
        user: 'alice',
        asset: 'USDT',
        amount,
        from: ISO,
        to: 'spot',
        ref,
      });
    // 2,000 held against 1,000 owed: level 2 already; nothing may leave.
    out(1n, 'o1');
    expect(d.rejected()).toBe('margin_too_low');
    d.margin({ op: 'repay', user: 'alice', wallet: ISO, asset: 'USDT', amount: usdt(500) });
    // 1,500 against 500: 500 may leave (1,000 against 500), not 501.
    out(usdt(501), 'o2');
    expect(d.rejected()).toBe('margin_too_low');
    out(usdt(500), 'o3');
    expect(d.rejected()).toBeUndefined();
    out(usdt(1), 'o3');
    expect(d.rejected()).toBe('duplicate_reference');
    d.invariants();
  });
});

describe('spot margin: borrow on order', () => {
  /** bob offers 0.1 BTC at 50,000; alice (1,000 USDT in isolated BTC/USDT) buys 0.08 of it. */
  const buy = (d: Desk, autoBorrow: boolean, lots = 800) =>
    d.s.place({
      user: 'alice',
      side: 'buy',
      kind: 'limit',
      price: ticks(50_000),
      lots,
      tif: 'GTC',
      wallet: ISO,
      ...(autoBorrow ? { autoBorrow } : {}),
    });
  function offered(): Desk {
    const d = funded();
    d.run(d.s.deposit('bob', 'BTC', 10n ** 8n));
    d.run(d.s.limit('bob', 'sell', ticks(50_000), 1_000));
    return d;
  }

  it('borrows exactly what the order lacks, then places it, in one step', () => {
    const d = offered();
    // Without it, 4,000 of USDT is more than the account holds.
    const before = d.state();
    d.run(buy(d, false));
    expect(d.rejected()).toBe('insufficient_balance');
    expect(d.state()).toBe(before);

    const events = d.run(buy(d, true));
    expect(d.rejected()).toBeUndefined();
    const types = events.map((e) => e.type);
    expect(types.indexOf('margin_borrowed')).toBeLessThan(types.indexOf('accepted'));
    expect(types).toContain('trade');
    // 4,000 needed, 1,000 held: 3,000 borrowed, all of it spent.
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(-usdt(3_000));
    expect(d.iso('alice', 'USDT')).toBe(0n);
    expect(d.iso('alice', 'BTC')).toBe(7_984_000n);
    d.invariants();
  });

  it('borrows nothing when the account already covers the order', () => {
    const d = offered();
    d.run(buy(d, true, 100));
    expect(d.rejected()).toBeUndefined();
    expect(d.events.some((e) => e.type === 'margin_borrowed')).toBe(false);
    expect(d.engine.margin.loans.size).toBe(0);
    d.invariants();
  });

  it('refuses whole, nothing changed, beyond the leverage room, on a spot order, or a bad order', () => {
    const d = offered();
    const before = d.state();
    // 1,000 of equity at 5x lends 4,000 at most: an order needing 6,000 is refused.
    d.run(buy(d, true, 1_200));
    expect(d.rejected()).toBe('insufficient_balance');
    expect(d.state()).toBe(before);
    d.run(
      d.s.place({
        user: 'alice',
        side: 'buy',
        kind: 'limit',
        price: ticks(50_000),
        lots: 800,
        autoBorrow: true,
      }),
    );
    expect(d.rejected()).toBe('invalid_order');
    expect(d.state()).toBe(before);
    d.run(buy(d, true, 0));
    expect(d.rejected()).toBe('invalid_quantity');
    expect(d.state()).toBe(before);
    d.invariants();
  });

  it('journals the option (place version 5)', () => {
    const d = offered();
    const cmd = buy(d, true);
    expect(decodeCommand(encodeCommand(cmd).slice(0, -1))).toEqual(cmd);
    const plain = buy(d, false);
    expect(decodeCommand(encodeCommand(plain).slice(0, -1))).toEqual(plain);
  });
});

describe('spot margin: repay on fill', () => {
  /** alice owes 3,000 USDT and holds 0.07984 BTC in isolated BTC/USDT; carol has USDT to bid. */
  function indebted(): Desk {
    const d = long();
    d.run(d.s.deposit('carol', 'USDT', usdt(100_000)));
    return d;
  }
  const sell = (d: Desk, tif: 'GTC' | 'IOC', autoRepay = true) =>
    d.s.place({
      user: 'alice',
      side: 'sell',
      kind: 'limit',
      price: ticks(60_000),
      lots: 798,
      tif,
      wallet: ISO,
      ...(autoRepay ? { autoRepay } : {}),
    });
  // 0.0798 BTC at 60,000 = 4,788 USDT.

  it('a resting order repays from each fill as it is taken, interest first, up to what is owed', () => {
    const d = indebted();
    d.run(sell(d, 'GTC'));
    expect(d.rejected()).toBeUndefined();
    // carol takes half, then the rest: 2,394 less the 0.1 % maker fee each time.
    d.run(d.s.limit('carol', 'buy', ticks(60_000), 399, 'IOC'));
    const first = d.events.find((e) => e.type === 'margin_repaid');
    expect(first).toMatchObject({ user: 'alice', asset: 'USDT', amount: usdt('2391.606') });
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(-usdt('608.394'));
    d.run(d.s.limit('carol', 'buy', ticks(60_000), 399, 'IOC'));
    // The second fill pays what is left; the rest stays in the account.
    expect(d.events.find((e) => e.type === 'margin_repaid')).toMatchObject({
      amount: usdt('608.394'),
      loan: null,
    });
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(0n);
    expect(d.engine.margin.loans.size).toBe(0);
    expect(d.iso('alice', 'USDT')).toBe(usdt('4783.212') - usdt(3_000));
    d.invariants();
  });

  it('a taking order repays in the same step; without the option nothing is repaid', () => {
    const d = indebted();
    d.run(d.s.limit('carol', 'buy', ticks(60_000), 1_600));
    d.run(sell(d, 'IOC', false));
    expect(d.events.some((e) => e.type === 'margin_repaid')).toBe(false);
    expect(d.balance(debtAccount('alice', 'USDT', ISO))).toBe(-usdt(3_000));

    const again = indebted();
    again.run(again.s.limit('carol', 'buy', ticks(60_000), 1_600));
    again.run(sell(again, 'IOC'));
    // 4,788 less the 0.2 % taker fee = 4,778.424: the 3,000 owed is repaid.
    expect(again.events.map((e) => e.type)).toContain('margin_repaid');
    expect(again.balance(debtAccount('alice', 'USDT', ISO))).toBe(0n);
    expect(again.iso('alice', 'USDT')).toBe(usdt('1778.424'));
    again.invariants();
  });

  it('keeps the option across a snapshot, and is refused on a spot order', () => {
    const d = indebted();
    d.run(sell(d, 'GTC'));
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      d.engine.snapshot(),
    );
    d.s.seq = restored.seq;
    const fill = restored.apply(d.s.limit('carol', 'buy', ticks(60_000), 798, 'IOC')).events;
    expect(fill.map((e) => e.type)).toContain('margin_repaid');
    expect(restored.ledger.balance(debtAccount('alice', 'USDT', ISO))).toBe(0n);

    d.s.seq = d.engine.seq;
    const before = d.state();
    d.run(
      d.s.place({
        user: 'alice',
        side: 'sell',
        kind: 'limit',
        price: ticks(60_000),
        lots: 1,
        autoRepay: true,
      }),
    );
    expect(d.rejected()).toBe('invalid_order');
    expect(d.state()).toBe(before);
  });
});

describe('spot margin: orders, levels and liquidation', () => {
  it('trades from the margin account: the coins bought land there, fees included', () => {
    const d = long();
    expect(d.events.some((e) => e.type === 'trade')).toBe(true);
    // 0.08 BTC less the fixture's taker fee (0.2 % of what she received, as on spot).
    expect(d.iso('alice', 'BTC')).toBe(7_984_000n);
    expect(d.iso('alice', 'USDT')).toBe(0n);
    expect(d.balance(userAccount('alice', 'BTC', 'available'))).toBe(0n);
    // An isolated account trades only its own pair; a pair not open to margin refuses.
    d.run(
      d.s.place({
        user: 'alice',
        side: 'sell',
        kind: 'limit',
        price: ticks(60_000),
        lots: 1,
        market: 'ethusdt',
        wallet: ISO,
      }),
    );
    expect(d.rejected()).toBeDefined();
    d.invariants();
  });

  it('warns at 1.3 once, then liquidates at 1.1: sells into the book, repays, the fund pays the shortfall', () => {
    const d = long();
    d.run(
      d.s.adjust(
        systemAccount('operator_capital', 'USDT'),
        systemAccount('margin_insurance', 'USDT'),
        usdt(1_000),
        'i1',
      ),
    );
    // Level at 47,000: ~3,757 ÷ 3,000 = 1.25: one notice, not again while it stays there.
    d.run(d.s.index(usdt(47_000)));
    expect(d.events.filter((e) => e.type === 'margin_warning')).toHaveLength(1);
    d.run(d.s.index(usdt(46_900)));
    expect(d.events.filter((e) => e.type === 'margin_warning')).toHaveLength(0);
    expect(d.engine.margin.due('alice', ISO)).toBe(false);
    // Not due: a liquidation step is refused.
    d.margin({ op: 'liquidate', user: 'alice', wallet: ISO, market: M });
    expect(d.rejected()).toBe('not_due');

    // At 37,000 the level is about 0.98: due. Carol bids 35,200, inside the 5 % band: the
    // sale cannot cover the 3,000 owed, and the fund pays the rest.
    d.run(d.s.index(usdt(37_000)));
    expect(d.engine.margin.due('alice', ISO)).toBe(true);
    // No bid yet: the step sells nothing, and the close-out is refused while her BTC is
    // unsold (the fund pays only what her coins cannot), nothing changed.
    d.margin({ op: 'liquidate', user: 'alice', wallet: ISO, market: M });
    expect(d.events.some((e) => e.type === 'trade')).toBe(false);
    expect(d.engine.margin.unsold('alice', ISO)).toBe(true);
    const waiting = d.state();
    d.margin({ op: 'close-out', user: 'alice', wallet: ISO });
    expect(d.rejected()).toBe('coins_unsold');
    expect(d.state()).toBe(waiting);
    d.run(d.s.deposit('carol', 'USDT', usdt(10_000)));
    d.run(d.s.limit('carol', 'buy', ticks(35_200), 800));
    d.margin({ op: 'liquidate', user: 'alice', wallet: ISO, market: M });
    expect(d.events.some((e) => e.type === 'trade')).toBe(true);
    expect(d.iso('alice', 'BTC')).toBeLessThan(10_000n); // less than a lot left
    const proceeds = d.iso('alice', 'USDT');
    expect(proceeds).toBeLessThan(usdt(3_000));
    d.margin({ op: 'close-out', user: 'alice', wallet: ISO });
    const closed = d.events.find((e) => e.type === 'margin_liquidated');
    expect(closed).toMatchObject({ repaid: proceeds, left: 0n });
    expect(closed && closed.type === 'margin_liquidated' ? closed.insurance : 0n).toBe(
      usdt(3_000) - proceeds,
    );
    expect(d.engine.margin.loans.size).toBe(0);
    expect(d.balance(systemAccount('margin_lending', 'USDT'))).toBe(usdt(100_000));
    d.invariants();
  });

  it('journals every margin step and restores the same state from a snapshot', () => {
    const d = long();
    const op: MarginOp = { op: 'repay', user: 'alice', wallet: ISO, asset: 'USDT', amount: 7n };
    const cmd: EngineCommand = { type: 'margin', seq: ++d.s.seq, ts: ++d.s.ts, op };
    expect(decodeCommand(encodeCommand(cmd).trimEnd())).toEqual(cmd);
    const restored = new TradingEngine(
      { assets: d.engine.assetList(), markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(d.engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(d.engine.stateHash());
    d.run(cmd);
    restored.apply(cmd);
    expect(restored.stateHash()).toBe(d.engine.stateHash());
  });
});
