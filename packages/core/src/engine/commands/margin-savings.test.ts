import { describe, expect, it } from 'vitest';
import { earnFundingPool, earnLentPool, earnPrincipalPool } from '../../earn/book.ts';
import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import type { MarginWallet } from '../../margin/engine.ts';
import type { EngineCommand, MarginOp } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { BTC_USDT, CommandStream, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

// USDT has 6 decimals.
const U = 1_000_000n;
const M = BTC_USDT.symbol;
const ISO: MarginWallet = `margin.${M}`;
const HALF = 50_000_000n;

const LENDING = systemAccount('margin_lending', 'USDT');
const MIRROR = systemAccount('margin_savings', 'USDT');
const held = (product: string) => poolAccount(earnPrincipalPool(product), 'USDT');
const lent = (product: string) => poolAccount(earnLentPool(product), 'USDT');

/**
 * 1,000 USDT of operator capital in the USDT pool, which may lend half of each savings
 * product; saver 7 holds 10,000 USDT in product p1; alice has 1,000 USDT in her isolated
 * BTC/USDT account at up to 5x, so her leverage allows 4,000.
 */
class Savings {
  readonly engine = newEngine();
  readonly s = new CommandStream();
  events: EngineEvent[] = [];
  readonly log: EngineCommand[] = [];

  constructor() {
    this.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n, savingsShare: HALF });
    this.margin({ op: 'pair', market: M, maxLeverage: 5 });
    const capital = systemAccount('operator_capital', 'USDT');
    this.run(this.s.adjust(capital, LENDING, 1_000n * U, 'lend-1'));
    this.run(this.s.adjust(capital, poolAccount(earnFundingPool('p1'), 'USDT'), 100n * U, 'f1'));
    this.run(this.s.deposit('7', 'USDT', 10_000n * U));
    this.run(this.transfer('7', 10_000n * U, 'spot', 'finance'));
    this.open('o1', '7', 10_000n * U);
    this.run(this.s.deposit('alice', 'USDT', 1_000n * U));
    this.margin({
      op: 'transfer',
      user: 'alice',
      asset: 'USDT',
      amount: 1_000n * U,
      from: 'spot',
      to: ISO,
      ref: 'ta1',
    });
  }

  run(cmd: EngineCommand): EngineEvent[] {
    this.log.push(cmd);
    this.events = this.engine.apply(cmd).events;
    return this.events;
  }

  margin(op: MarginOp): EngineEvent[] {
    return this.run({ type: 'margin', seq: ++this.s.seq, ts: ++this.s.ts, op });
  }

  transfer(user: string, amount: bigint, from: 'spot' | 'finance', to: 'spot' | 'finance') {
    const { seq, ts } = { seq: ++this.s.seq, ts: ++this.s.ts };
    return {
      type: 'transfer',
      seq,
      ts,
      user,
      asset: 'USDT',
      from,
      to,
      amount,
      ref: `t${seq}`,
    } as const;
  }

  open(position: string, user: string, principal: bigint, product = 'p1'): EngineEvent[] {
    return this.run({
      type: 'earn',
      op: 'open',
      seq: ++this.s.seq,
      ts: ++this.s.ts,
      position,
      product,
      user,
      asset: 'USDT',
      principal,
      daily: 0n,
      days: 30,
    });
  }

  redeem(position: string): EngineEvent[] {
    return this.run({
      type: 'earn',
      op: 'close',
      seq: ++this.s.seq,
      ts: ++this.s.ts,
      position,
      penalty: 0n,
      early: true,
    });
  }

  borrow(amount: bigint): EngineEvent[] {
    return this.margin({ op: 'borrow', user: 'alice', wallet: ISO, asset: 'USDT', amount });
  }

  repay(amount: bigint): EngineEvent[] {
    return this.margin({ op: 'repay', user: 'alice', wallet: ISO, asset: 'USDT', amount });
  }

  balance(key: string): bigint {
    return this.engine.ledger.balance(key);
  }

  rejected(): string | undefined {
    const e = this.events.find((x) => x.type === 'rejected');
    return e?.type === 'rejected' ? e.reason : undefined;
  }

  state(): string {
    return JSON.stringify({ ...this.engine.snapshot(), seq: 0 });
  }

  /** Each coin sums to zero, and what savings lend is mirrored exactly. */
  invariants(): void {
    for (const coin of reconcile(this.engine.ledger.entries())) expect(coin.sum).toBe(0n);
    expect(this.balance(lent('p1')) + this.balance(lent('p2'))).toBe(-this.balance(MIRROR));
  }
}

describe('spot margin funded by savings', () => {
  it('lends the platform capital first, then up to the published share of each product', () => {
    const d = new Savings();
    // 1,000 of capital and half of p1's 10,000.
    expect(d.engine.margin.lendable('USDT')).toBe(6_000n * U);
    expect(d.engine.margin.savingsRoom('USDT')).toBe(5_000n * U);

    d.borrow(3_000n * U);
    expect(d.rejected()).toBeUndefined();
    expect(d.balance(LENDING)).toBe(0n);
    expect(d.balance(held('p1'))).toBe(8_000n * U);
    expect(d.balance(lent('p1'))).toBe(2_000n * U);
    expect(d.engine.margin.savingsLent('USDT')).toBe(2_000n * U);
    expect(d.balance(userAccount('alice', 'USDT', 'available', ISO))).toBe(4_000n * U);
    // Half of p1's savings (held and lent) less what it lends already.
    expect(d.engine.margin.savingsRoom('USDT')).toBe(3_000n * U);
    d.invariants();
  });

  it('spreads a draw over products in id order, each within its share', () => {
    const d = new Savings();
    d.run(d.s.deposit('8', 'USDT', 2_000n * U));
    d.run(d.transfer('8', 2_000n * U, 'spot', 'finance'));
    d.run(
      d.s.adjust(
        systemAccount('operator_capital', 'USDT'),
        poolAccount(earnFundingPool('p2'), 'USDT'),
        10n * U,
        'f2',
      ),
    );
    d.open('o2', '8', 2_000n * U, 'p2');
    // alice at 5x may owe 4,000: capital 1,000, then p1's 5,000 room covers the rest.
    d.borrow(4_000n * U);
    expect(d.balance(lent('p1'))).toBe(3_000n * U);
    expect(d.balance(lent('p2'))).toBe(0n);
    d.invariants();
  });

  it('refuses more than capital and the share together, changing nothing', () => {
    const d = new Savings();
    d.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n, savingsShare: 10_000_000n });
    // Now 1,000 of capital and a tenth of 10,000.
    expect(d.engine.margin.lendable('USDT')).toBe(2_000n * U);
    const before = d.state();
    d.borrow(2_000n * U + 1n);
    expect(d.rejected()).toBe('insufficient_balance');
    expect(d.state()).toBe(before);
  });

  it('lends no savings while the share is 0', () => {
    const d = new Savings();
    d.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n, savingsShare: 0n });
    expect(d.engine.margin.lendable('USDT')).toBe(1_000n * U);
    d.borrow(1_000n * U + 1n);
    expect(d.rejected()).toBe('insufficient_balance');
    expect(d.balance(held('p1'))).toBe(10_000n * U);
  });

  it('refuses a share above 80 % or a negative one, changing nothing', () => {
    const d = new Savings();
    const before = d.state();
    d.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n, savingsShare: 80_000_001n });
    expect(d.rejected()).toBe('invalid_amount');
    d.margin({ op: 'pool', asset: 'USDT', hourlyRate: 1_000n, savingsShare: -1n });
    expect(d.rejected()).toBe('invalid_amount');
    expect(d.state()).toBe(before);
  });

  it('pays savings back first when principal comes back, interest to revenue', () => {
    const d = new Savings();
    d.borrow(3_000n * U);
    // Two hours on: their interest is added to the loan.
    d.s.ts += 2 * 3_600_000;
    d.margin({ op: 'accrue', hour: Math.floor(d.s.ts / 3_600_000) });
    const loan = [...d.engine.margin.loans.values()][0]!;
    const interest = loan.interest;
    expect(interest).toBeGreaterThan(0n);
    // 1,500 of principal back: all of it to savings, which lent 2,000.
    d.repay(interest + 1_500n * U);
    expect(d.balance(lent('p1'))).toBe(500n * U);
    expect(d.balance(held('p1'))).toBe(9_500n * U);
    expect(d.balance(LENDING)).toBe(0n);
    expect(d.balance(systemAccount('fee_revenue', 'USDT'))).toBe(interest);
    // The rest: savings whole again, the capital back in the pool.
    d.repay(1_500n * U);
    expect(d.balance(lent('p1'))).toBe(0n);
    expect(d.balance(held('p1'))).toBe(10_000n * U);
    expect(d.balance(LENDING)).toBe(1_000n * U);
    expect(d.balance(MIRROR)).toBe(0n);
    d.invariants();
  });

  it('waits to pay a saver while their principal is lent, and pays it once borrowers repay', () => {
    const d = new Savings();
    d.borrow(3_000n * U);
    const before = d.state();
    d.redeem('o1');
    expect(d.rejected()).toBe('savings_lent');
    expect(d.state()).toBe(before);

    d.repay(2_000n * U);
    d.redeem('o1');
    expect(d.events[0]).toMatchObject({ type: 'earn_closed', returned: 10_000n * U });
    expect(d.balance(userAccount('7', 'USDT', 'available', 'finance'))).toBe(10_000n * U);
    expect(d.balance(held('p1'))).toBe(0n);
    d.invariants();
  });

  it('calls back idle capital for a redemption while savings are still lent', () => {
    const d = new Savings();
    d.borrow(3_000n * U);
    // Fresh capital arrives without any repayment: savings still lend 2,000.
    d.run(d.s.adjust(systemAccount('operator_capital', 'USDT'), LENDING, 2_000n * U, 'lend-2'));
    expect(d.balance(lent('p1'))).toBe(2_000n * U);
    d.redeem('o1');
    expect(d.events[0]).toMatchObject({ type: 'earn_closed', returned: 10_000n * U });
    expect(d.balance(lent('p1'))).toBe(0n);
    expect(d.balance(LENDING)).toBe(0n);
    d.invariants();
  });

  it('journals the share and restores the same state from a snapshot and a replay', () => {
    const d = new Savings();
    d.borrow(3_000n * U);
    const op: MarginOp = { op: 'pool', asset: 'USDT', hourlyRate: 2_000n, savingsShare: HALF };
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
    expect(restored.margin.lendable('USDT')).toBe(d.engine.margin.lendable('USDT'));

    const replayed = newEngine();
    for (const c of d.log) replayed.apply(decodeCommand(encodeCommand(c).trimEnd())!);
    expect(replayed.stateHash()).toBe(d.engine.stateHash());
  });
});
