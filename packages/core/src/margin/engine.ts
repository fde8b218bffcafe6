import {
  debtAccount,
  isolatedWallet,
  poolAccount,
  systemAccount,
  userAccount,
  type Wallet,
} from '../ledger/accounts.ts';
import type { Asset } from '../ledger/assets.ts';
import { earnLentPool, earnPrincipalPool } from '../earn/book.ts';
import type { Ledger, PostingReference } from '../ledger/ledger.ts';
import type { MarginWalletName } from '../matching/commands.ts';
import type { EngineEvent, RejectReason } from '../matching/events.ts';
import type { MarketEngine } from '../matching/market-engine.ts';
import { RATE_ONE } from '../perps/rates.ts';
import {
  amountOfValue,
  borrowableValue,
  CROSS_MAX_LEVERAGE,
  hourlyInterest,
  marginLevel,
  MARGIN_LIQUIDATION_LEVEL,
  MARGIN_TRANSFER_OUT_LEVEL,
  MARGIN_WARNING_LEVEL,
  splitRepayment,
  valueOf,
} from './formulas.ts';

export const HOUR_MS = 3_600_000;

/** How far through the index a liquidation order may fill: 5 %. */
const LIQUIDATION_BAND_BPS = 500n;

/** A coin that may be borrowed, and its published hourly rate (rate units). */
export interface MarginPool {
  asset: string;
  hourlyRate: bigint;
  /**
   * The share of each earn product's savings in the coin the pool may lend once the
   * platform's own capital in it is lent out (rate units: 0.5 is 50_000_000n); 0 when
   * savings do not lend.
   */
  savingsShare: bigint;
}

/** Savings never lend more than 80 % of a product's principal: redemptions keep the rest. */
export const MAX_SAVINGS_SHARE = 80_000_000n;

/** A pair whose isolated account may borrow, up to its published leverage. */
export interface MarginPair {
  market: string;
  maxLeverage: number;
}

/** What one account owes in one coin. */
export interface Loan {
  user: string;
  wallet: MarginWallet;
  asset: string;
  principal: bigint;
  interest: bigint;
  /** The last hour (ms ÷ 3,600,000) whose interest is counted in. */
  accruedHour: number;
  openedAt: number;
}

/** The cross account, or a pair's isolated account. */
export type MarginWallet = MarginWalletName;

export interface MarginAccountView {
  user: string;
  wallet: MarginWallet;
  /** The coin values are counted in: USDT for cross, the pair's quote for isolated. */
  valueAsset: string;
  assets: bigint;
  debt: bigint;
  level: bigint | null;
  leverage: number;
}

export const MARGIN_LENDING = 'margin_lending';
export const MARGIN_RECEIVABLE = 'margin_receivable';
export const MARGIN_INSURANCE = 'margin_insurance';

/**
 * Spot margin inside the trading engine: a cross account and an isolated account per pair
 * (ledger wallets `margin` and `margin.<pair>`), loans from a lending pool per coin,
 * hourly interest, margin levels at index prices, and the accounts due for liquidation.
 * Money moves only as postings:
 * - a borrow moves the coin from the lending account into the account's wallet, and
 *   mirrors the debt: the account's debt account owes it to the receivable account;
 * - an hour's interest adds to the debt (debt → receivable);
 * - a repayment pays interest first (to fee revenue), then principal (back to the lending
 *   account), and the receivable gives the debt back;
 * - a shortfall after liquidation is paid by the margin insurance fund.
 * Users' savings fund the pools too: once the platform's own capital in a coin is lent
 * out, a borrow draws the rest from the earn products' principals in the coin, each up
 * to the pool's published share of its savings; principal paid back returns to savings
 * first, and a saver's redemption calls back what the pool holds idle.
 * Every check comes before the first posting: a refused step changes nothing.
 */
export class MarginEngine {
  readonly pools = new Map<string, MarginPool>();
  readonly pairs = new Map<string, MarginPair>();
  readonly loans = new Map<string, Loan>();
  /** Isolated leverage per user and pair. */
  readonly leverage = new Map<string, number>();
  /** The last hour accrued for every loan. */
  accruedHour = -1;
  /** Accounts warned since their level last rose above the warning level. */
  readonly warned = new Set<string>();
  /** Accounts whose liquidation began: their close-out follows whatever the level now is. */
  readonly liquidating = new Set<string>();

  constructor(
    private readonly ledger: Ledger,
    private readonly markets: ReadonlyMap<string, MarketEngine>,
    private readonly assetOf: (code: string) => Asset | undefined,
    /** The earn products that hold savings in a coin, in id order. */
    private readonly savers: (asset: string) => readonly string[] = () => [],
  ) {}

  // ------------------------------------------------------------------ settings

  setPool(pool: MarginPool, events: EngineEvent[]): void {
    if (!this.assetOf(pool.asset)) {
      events.push({ type: 'rejected', reason: 'unknown_asset' });
      return;
    }
    if (
      pool.hourlyRate < 0n ||
      pool.hourlyRate > RATE_ONE ||
      pool.savingsShare < 0n ||
      pool.savingsShare > MAX_SAVINGS_SHARE
    ) {
      events.push({ type: 'rejected', reason: 'invalid_amount' });
      return;
    }
    this.pools.set(pool.asset, pool);
    events.push({
      type: 'margin_pool',
      asset: pool.asset,
      hourlyRate: pool.hourlyRate,
      savingsShare: pool.savingsShare,
    });
  }

  setPair(pair: MarginPair, events: EngineEvent[]): void {
    if (!this.markets.has(pair.market) || !(pair.maxLeverage >= 2 && pair.maxLeverage <= 10)) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    this.pairs.set(pair.market, pair);
    events.push({ type: 'margin_pair', market: pair.market, maxLeverage: pair.maxLeverage });
  }

  leverageOf(user: string, wallet: MarginWallet): number {
    if (wallet === 'margin') return CROSS_MAX_LEVERAGE;
    const market = wallet.slice('margin.'.length);
    const max = this.pairs.get(market)?.maxLeverage ?? 2;
    return Math.min(this.leverage.get(`${user}\u0000${market}`) ?? max, max);
  }

  setLeverage(user: string, market: string, leverage: number, events: EngineEvent[]): void {
    const pair = this.pairs.get(market);
    if (!pair) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    if (!Number.isSafeInteger(leverage) || leverage < 2 || leverage > pair.maxLeverage) {
      events.push({ type: 'rejected', reason: 'leverage_too_high' });
      return;
    }
    // A lower leverage may not leave the account owing more than it then allows.
    const account = this.account(user, isolatedWallet(market) as MarginWallet);
    if (account.debt > (account.assets - account.debt) * BigInt(leverage - 1)) {
      events.push({ type: 'rejected', reason: 'leverage_too_high' });
      return;
    }
    this.leverage.set(`${user}\u0000${market}`, leverage);
    events.push({ type: 'margin_leverage', user, market, leverage });
  }

  // ------------------------------------------------------------------ valuing

  /** Quote minor units per whole `asset`, at its USDT (or `quote`) market's index. */
  private priceIn(asset: string, quote: string): bigint | null {
    if (asset === quote) return null;
    for (const engine of this.markets.values()) {
      const spec = engine.market.spec;
      if (spec.base.code === asset && spec.quote.code === quote) {
        const index = engine.indexPrice;
        if (index > 0n) return index;
        return engine.lastPrice > 0 ? BigInt(engine.lastPrice) * spec.tickSize : 0n;
      }
    }
    return 0n;
  }

  /** `amount` of `asset` valued in `quote`; 0 when no market prices it. */
  private value(asset: string, amount: bigint, quote: string): bigint {
    if (amount === 0n) return 0n;
    const price = this.priceIn(asset, quote);
    if (price === null) return amount;
    const known = this.assetOf(asset);
    return known ? valueOf(amount, price, 10n ** BigInt(known.decimals)) : 0n;
  }

  /** The coins an account may hold: every asset (cross), or its pair's two (isolated). */
  private assetsOf(wallet: MarginWallet): string[] {
    if (wallet === 'margin') return [...this.allAssets()];
    const engine = this.markets.get(wallet.slice('margin.'.length));
    return engine ? [engine.market.spec.base.code, engine.market.spec.quote.code] : [];
  }

  private *allAssets(): Iterable<string> {
    const seen = new Set<string>();
    for (const engine of this.markets.values()) {
      for (const a of [engine.market.spec.base.code, engine.market.spec.quote.code]) {
        if (!seen.has(a)) {
          seen.add(a);
          yield a;
        }
      }
    }
  }

  /** The coin an account's values are counted in. */
  valueAssetOf(wallet: MarginWallet): string {
    if (wallet === 'margin') return 'USDT';
    return this.markets.get(wallet.slice('margin.'.length))?.market.spec.quote.code ?? 'USDT';
  }

  /** What an account holds (available and held) and owes, valued at index prices. */
  account(user: string, wallet: MarginWallet): MarginAccountView {
    const quote = this.valueAssetOf(wallet);
    let assets = 0n;
    let debt = 0n;
    for (const asset of this.assetsOf(wallet)) {
      const held =
        this.ledger.balance(userAccount(user, asset, 'available', wallet)) +
        this.ledger.balance(userAccount(user, asset, 'held', wallet));
      assets += this.value(asset, held, quote);
      const loan = this.loans.get(loanKey(user, wallet, asset));
      if (loan) debt += this.value(asset, loan.principal + loan.interest, quote);
    }
    return {
      user,
      wallet,
      valueAsset: quote,
      assets,
      debt,
      level: marginLevel(assets, debt),
      leverage: this.leverageOf(user, wallet),
    };
  }

  /** How much of `asset` the account may still borrow: its leverage room and the pool's. */
  maxBorrow(user: string, wallet: MarginWallet, asset: string): bigint {
    const known = this.assetOf(asset);
    if (!known || !this.pools.has(asset) || !this.holds(wallet, asset)) return 0n;
    const account = this.account(user, wallet);
    const room = borrowableValue(account.assets, account.debt, account.leverage);
    const price = this.priceIn(asset, account.valueAsset);
    const amount =
      price === null ? room : amountOfValue(room, price, 10n ** BigInt(known.decimals));
    const pool = this.lendable(asset);
    return amount < pool ? amount : pool;
  }

  // ------------------------------------------------------------------ the pool's money

  /** What the pool can lend now: the platform's idle capital and what savings may add. */
  lendable(asset: string): bigint {
    return this.ledger.balance(systemAccount(MARGIN_LENDING, asset)) + this.savingsRoom(asset);
  }

  /** What savings in `asset` may still lend, all products together. */
  savingsRoom(asset: string): bigint {
    let room = 0n;
    for (const product of this.savers(asset)) room += this.roomOf(product, asset);
    return room;
  }

  /** What savings in `asset` lend now. */
  savingsLent(asset: string): bigint {
    return -this.ledger.balance(systemAccount('margin_savings', asset));
  }

  /** A product's share of its savings (held and lent) less what it lends, at most what it holds. */
  private roomOf(product: string, asset: string): bigint {
    const share = this.pools.get(asset)?.savingsShare ?? 0n;
    if (share === 0n) return 0n;
    const held = this.ledger.balance(poolAccount(earnPrincipalPool(product), asset));
    const lent = this.ledger.balance(poolAccount(earnLentPool(product), asset));
    const room = ((held + lent) * share) / RATE_ONE - lent;
    if (room <= 0n) return 0n;
    return room < held ? room : held;
  }

  /** Brings `amount` into the lending account from savings, product by product. */
  private drawSavings(asset: string, amount: bigint, ref: PostingReference): void {
    let need = amount;
    for (const product of this.savers(asset)) {
      if (need === 0n) return;
      const room = this.roomOf(product, asset);
      const take = room < need ? room : need;
      if (take === 0n) continue;
      this.lend(product, asset, take, ref, 'borrow');
      need -= take;
    }
  }

  /** Principal back in the pool pays savings back first, product by product. */
  private repaySavings(asset: string, ref: PostingReference): void {
    let idle = this.ledger.balance(systemAccount(MARGIN_LENDING, asset));
    for (const product of this.savers(asset)) {
      if (idle === 0n) return;
      const lent = this.ledger.balance(poolAccount(earnLentPool(product), asset));
      const back = lent < idle ? lent : idle;
      if (back === 0n) continue;
      this.lend(product, asset, -back, ref, 'repay');
      idle -= back;
    }
  }

  /**
   * What an earn product can pay out of `asset` now: the principal it holds and what the
   * pool could give back of what it lent (the pool's idle capital).
   */
  savingsPayable(product: string, asset: string): bigint {
    const held = this.ledger.balance(poolAccount(earnPrincipalPool(product), asset));
    const lent = this.ledger.balance(poolAccount(earnLentPool(product), asset));
    const idle = this.ledger.balance(systemAccount(MARGIN_LENDING, asset));
    return held + (lent < idle ? lent : idle);
  }

  /** Calls back from the pool what a product needs to pay `amount` (see `savingsPayable`). */
  recallSavings(product: string, asset: string, amount: bigint, ts: number): void {
    const held = this.ledger.balance(poolAccount(earnPrincipalPool(product), asset));
    if (held >= amount) return;
    const ref: PostingReference = { refKind: 'product_position', refId: `ms${ts}`, ts };
    this.lend(product, asset, -(amount - held), ref, 'repay');
  }

  /** Savings lent (positive) or paid back (negative): the coins, and their mirror. */
  private lend(
    product: string,
    asset: string,
    amount: bigint,
    ref: PostingReference,
    reason: 'borrow' | 'repay',
  ): void {
    const principal = poolAccount(earnPrincipalPool(product), asset);
    const lending = systemAccount(MARGIN_LENDING, asset);
    const lent = poolAccount(earnLentPool(product), asset);
    const mirror = systemAccount('margin_savings', asset);
    if (amount > 0n) {
      this.ledger.post(principal, lending, amount, reason, ref);
      this.ledger.post(mirror, lent, amount, reason, ref);
    } else {
      this.ledger.post(lending, principal, -amount, reason, ref);
      this.ledger.post(lent, mirror, -amount, reason, ref);
    }
  }

  /** Whether a margin account may trade in a market: cross anywhere, isolated in its pair. */
  trades(wallet: MarginWallet, market: string): boolean {
    if (wallet === 'margin') return this.markets.has(market);
    return wallet === `margin.${market}` && this.pairs.has(market);
  }

  private holds(wallet: MarginWallet, asset: string): boolean {
    return this.assetsOf(wallet).includes(asset);
  }

  // ------------------------------------------------------------------ borrowing

  borrow(
    user: string,
    wallet: MarginWallet,
    asset: string,
    amount: bigint,
    ts: number,
    events: EngineEvent[],
  ): void {
    const refused = this.checkBorrow(user, wallet, asset, amount);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    const key = loanKey(user, wallet, asset);
    const loan = this.loans.get(key) ?? {
      user,
      wallet,
      asset,
      principal: 0n,
      interest: 0n,
      accruedHour: Math.floor(ts / HOUR_MS),
      openedAt: ts,
    };
    const ref: PostingReference = { refKind: 'order', refId: `mb${ts}`, ts };
    const idle = this.ledger.balance(systemAccount(MARGIN_LENDING, asset));
    if (amount > idle) this.drawSavings(asset, amount - idle, ref);
    this.ledger.post(
      systemAccount(MARGIN_LENDING, asset),
      userAccount(user, asset, 'available', wallet),
      amount,
      'borrow',
      ref,
    );
    this.ledger.post(
      debtAccount(user, asset, wallet),
      systemAccount(MARGIN_RECEIVABLE, asset),
      amount,
      'borrow',
      ref,
    );
    loan.principal += amount;
    this.loans.set(key, loan);
    events.push({ type: 'margin_borrowed', user, wallet, asset, amount, loan: { ...loan } });
  }

  private checkBorrow(
    user: string,
    wallet: MarginWallet,
    asset: string,
    amount: bigint,
  ): RejectReason | undefined {
    const known = this.assetOf(asset);
    if (!known) return 'unknown_asset';
    if (!this.pools.has(asset) || !this.holds(wallet, asset)) return 'invalid_account';
    if (wallet !== 'margin' && !this.pairs.has(wallet.slice('margin.'.length))) {
      return 'invalid_account';
    }
    if (amount <= 0n || amount > known.maxAmount) return 'invalid_amount';
    if (amount > this.maxBorrow(user, wallet, asset)) return 'insufficient_balance';
    return undefined;
  }

  repay(
    user: string,
    wallet: MarginWallet,
    asset: string,
    amount: bigint,
    ts: number,
    events: EngineEvent[],
  ): void {
    const key = loanKey(user, wallet, asset);
    const loan = this.loans.get(key);
    if (!loan) {
      events.push({ type: 'rejected', reason: 'no_position' });
      return;
    }
    if (amount <= 0n) {
      events.push({ type: 'rejected', reason: 'invalid_amount' });
      return;
    }
    const owed = loan.principal + loan.interest;
    const pay = amount < owed ? amount : owed;
    const available = this.ledger.balance(userAccount(user, asset, 'available', wallet));
    if (available < pay) {
      events.push({ type: 'rejected', reason: 'insufficient_balance' });
      return;
    }
    this.repayLoan(loan, pay, userAccount(user, asset, 'available', wallet), ts, events);
  }

  /** A repayment of `pay` from `from`, reported; a loan paid off is closed. */
  private repayLoan(
    loan: Loan,
    pay: bigint,
    from: string,
    ts: number,
    events: EngineEvent[],
  ): void {
    this.settle(loan, pay, from, ts, 'repay');
    const { user, wallet, asset } = loan;
    if (loan.principal === 0n && loan.interest === 0n)
      this.loans.delete(loanKey(user, wallet, asset));
    events.push({
      type: 'margin_repaid',
      user,
      wallet,
      asset,
      amount: pay,
      loan: loan.principal + loan.interest > 0n ? { ...loan } : null,
    });
  }

  /**
   * Repays from what a fill of an order with "repay on fill" brought in: up to `amount`
   * and what is owed in `asset` (interest first), from the account's available balance.
   * Nothing happens, and nothing is refused, when the account owes nothing in it.
   */
  repayFromFill(
    user: string,
    wallet: MarginWallet,
    asset: string,
    amount: bigint,
    ts: number,
    events: EngineEvent[],
  ): void {
    const key = loanKey(user, wallet, asset);
    const loan = this.loans.get(key);
    if (!loan || amount <= 0n) return;
    const own = userAccount(user, asset, 'available', wallet);
    const owed = loan.principal + loan.interest;
    const available = this.ledger.balance(own);
    let pay = amount < owed ? amount : owed;
    if (available < pay) pay = available;
    if (pay <= 0n) return;
    this.repayLoan(loan, pay, own, ts, events);
  }

  /** Pays `amount` of a loan from `from`: interest first, to revenue; principal to the pool. */
  private settle(
    loan: Loan,
    amount: bigint,
    from: string,
    ts: number,
    reason: 'repay' | 'liquidation',
  ): { interest: bigint; principal: bigint } {
    const split = splitRepayment(amount, loan.interest, loan.principal);
    const ref: PostingReference = { refKind: 'order', refId: `mr${ts}`, ts };
    const { asset, user, wallet } = loan;
    if (split.interest > 0n) {
      this.ledger.post(from, systemAccount('fee_revenue', asset), split.interest, reason, ref);
    }
    if (split.principal > 0n) {
      this.ledger.post(from, systemAccount(MARGIN_LENDING, asset), split.principal, reason, ref);
      this.repaySavings(asset, ref);
    }
    const paid = split.interest + split.principal;
    if (paid > 0n) {
      this.ledger.post(
        systemAccount(MARGIN_RECEIVABLE, asset),
        debtAccount(user, asset, wallet),
        paid,
        reason,
        ref,
      );
    }
    loan.interest -= split.interest;
    loan.principal -= split.principal;
    return split;
  }

  // ------------------------------------------------------------------ transfers

  /**
   * The user's coins between their spot wallet and a margin account, once per reference:
   * an isolated account holds only its pair's two coins, and money leaves an account that
   * owes something only while its level stays at 2 or above.
   */
  transfer(
    t: {
      user: string;
      asset: string;
      amount: bigint;
      from: MarginWallet | 'spot';
      to: MarginWallet | 'spot';
      ref: string;
    },
    refs: Set<string>,
    ts: number,
    events: EngineEvent[],
  ): void {
    const refused = this.checkTransfer(t, refs);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    refs.add(t.ref);
    this.ledger.post(
      userAccount(t.user, t.asset, 'available', t.from),
      userAccount(t.user, t.asset, 'available', t.to),
      t.amount,
      'transfer',
      { refKind: 'transfer', refId: t.ref, ts },
    );
    events.push({
      type: 'margin_transferred',
      user: t.user,
      asset: t.asset,
      amount: t.amount,
      from: t.from,
      to: t.to,
      ref: t.ref,
    });
  }

  private checkTransfer(
    t: {
      user: string;
      asset: string;
      amount: bigint;
      from: MarginWallet | 'spot';
      to: MarginWallet | 'spot';
      ref: string;
    },
    refs: Set<string>,
  ): RejectReason | undefined {
    const known = this.assetOf(t.asset);
    if (!known) return 'unknown_asset';
    const account = t.from === 'spot' ? t.to : t.from;
    if ((t.from === 'spot') === (t.to === 'spot') || account === 'spot') return 'invalid_account';
    if (account !== 'margin' && !this.pairs.has(account.slice('margin.'.length))) {
      return 'invalid_account';
    }
    if (!this.holds(account, t.asset)) return 'invalid_account';
    if (t.amount <= 0n || t.amount > known.maxAmount) return 'invalid_amount';
    if (refs.has(t.ref)) return 'duplicate_reference';
    if (this.ledger.balance(userAccount(t.user, t.asset, 'available', t.from)) < t.amount) {
      return 'insufficient_balance';
    }
    if (t.from !== 'spot' && !this.mayTransferOut(t.user, t.from, t.asset, t.amount)) {
      return 'margin_too_low';
    }
    return undefined;
  }

  // ------------------------------------------------------------------ interest

  /**
   * Interest for every hour up to `hour` not yet counted, once per (loan, hour): a loan
   * behind (the platform was down) catches up hour by hour, each on the principal then.
   */
  accrue(hour: number, events: EngineEvent[], ts: number): void {
    if (hour <= this.accruedHour) {
      events.push({ type: 'rejected', reason: 'duplicate_reference' });
      return;
    }
    if (hour * HOUR_MS > ts) {
      events.push({ type: 'rejected', reason: 'not_due' });
      return;
    }
    this.accruedHour = hour;
    const ref: PostingReference = { refKind: 'order', refId: `mi${hour}`, ts };
    for (const loan of this.loans.values()) {
      const pool = this.pools.get(loan.asset);
      if (!pool || loan.accruedHour >= hour) continue;
      const hours = BigInt(hour - loan.accruedHour);
      const interest = hourlyInterest(loan.principal, pool.hourlyRate) * hours;
      loan.accruedHour = hour;
      if (interest === 0n) continue;
      this.ledger.post(
        debtAccount(loan.user, loan.asset, loan.wallet),
        systemAccount(MARGIN_RECEIVABLE, loan.asset),
        interest,
        'interest',
        ref,
      );
      loan.interest += interest;
      events.push({
        type: 'margin_interest',
        user: loan.user,
        wallet: loan.wallet,
        asset: loan.asset,
        hour,
        hours: Number(hours),
        amount: interest,
      });
    }
  }

  // ------------------------------------------------------------------ risk

  /** Whether money may leave a margin account: with debts, only down to level 2. */
  mayTransferOut(user: string, wallet: MarginWallet, asset: string, amount: bigint): boolean {
    const account = this.account(user, wallet);
    if (account.debt === 0n) return true;
    const after = account.assets - this.value(asset, amount, account.valueAsset);
    return after * 100_000_000n >= MARGIN_TRANSFER_OUT_LEVEL * account.debt;
  }

  /** The accounts that owe something, each once. */
  borrowers(): Array<{ user: string; wallet: MarginWallet }> {
    const seen = new Map<string, { user: string; wallet: MarginWallet }>();
    for (const loan of this.loans.values()) {
      seen.set(`${loan.user}\u0000${loan.wallet}`, { user: loan.user, wallet: loan.wallet });
    }
    return [...seen.values()];
  }

  /** After an index tick: a notice for accounts at the warning level (once per dip). */
  checkLevels(events: EngineEvent[]): void {
    for (const { user, wallet } of this.borrowers()) {
      const { level } = this.account(user, wallet);
      const key = `${user}\u0000${wallet}`;
      if (level !== null && level <= MARGIN_WARNING_LEVEL && level > MARGIN_LIQUIDATION_LEVEL) {
        if (!this.warned.has(key)) {
          this.warned.add(key);
          events.push({ type: 'margin_warning', user, wallet, level });
        }
      } else if (level === null || level > MARGIN_WARNING_LEVEL) this.warned.delete(key);
    }
  }

  /**
   * The markets an account is wound down in: its pair (isolated), or every market of the
   * cross account's value coin whose base coin it holds or owes (cross).
   */
  liquidationMarkets(user: string, wallet: MarginWallet): string[] {
    if (wallet !== 'margin') return [wallet.slice('margin.'.length)];
    const value = this.valueAssetOf(wallet);
    const out: string[] = [];
    for (const [symbol, engine] of this.markets) {
      const { base, quote } = engine.market.spec;
      if (quote.code !== value) continue;
      const holds =
        this.ledger.balance(userAccount(user, base.code, 'available', wallet)) +
          this.ledger.balance(userAccount(user, base.code, 'held', wallet)) >
        0n;
      if (holds || this.loans.has(loanKey(user, wallet, base.code))) out.push(symbol);
    }
    return out;
  }

  /**
   * Whether a liquidation step could still trade for the account in one of its markets: a
   * lot or more of a base coin it does not owe (a sale the book did not take), or a base
   * coin it owes and the quote to buy a lot of it with.
   */
  unsold(user: string, wallet: MarginWallet): boolean {
    return this.liquidationMarkets(user, wallet).some((symbol) => {
      const engine = this.markets.get(symbol);
      if (!engine) return false;
      const spec = engine.market.spec;
      const base = this.ledger.balance(userAccount(user, spec.base.code, 'available', wallet));
      const quote = this.ledger.balance(userAccount(user, spec.quote.code, 'available', wallet));
      const loan = this.loans.get(loanKey(user, wallet, spec.base.code));
      const owed = loan ? loan.principal + loan.interest : 0n;
      if (owed > base) {
        const index = engine.indexPrice;
        const lotCost = (index * spec.lotSize) / 10n ** BigInt(spec.base.decimals);
        return index > 0n && quote >= lotCost && owed - base >= spec.lotSize;
      }
      return base - owed >= spec.lotSize;
    });
  }

  /** Whether an account's level is at or below the liquidation level. */
  due(user: string, wallet: MarginWallet): boolean {
    const { level } = this.account(user, wallet);
    return level !== null && level <= MARGIN_LIQUIDATION_LEVEL;
  }

  /**
   * One step of a liquidation, in one market: the account's open orders there are
   * cancelled, then one IOC order of the engine's own, at most 5 % through the index,
   * turns what the account holds into what it owes: its base coin sold for the quote
   * (the account owes the quote, or owes nothing in the base), or, when it owes the base,
   * as much of it bought back as is owed and its quote can pay. A step leaves the account
   * as the book allowed; `closeOut` then settles the loans.
   */
  liquidateIn(
    user: string,
    wallet: MarginWallet,
    market: string,
    seq: number,
    ts: number,
    events: EngineEvent[],
  ): void {
    const engine = this.markets.get(market);
    const key = `${user}\u0000${wallet}`;
    const going = this.liquidating.has(key) || this.due(user, wallet);
    if (!engine || !this.trades(wallet, market) || !going) {
      events.push({ type: 'rejected', reason: 'not_due' });
      return;
    }
    this.liquidating.add(key);
    for (const order of [...engine.live.values()]) {
      if (order.user === user && order.account === wallet) {
        engine.cancel({ type: 'cancel', seq, ts, user, market, orderId: order.id }, events);
      }
    }
    const spec = engine.market.spec;
    const index = engine.indexPrice;
    if (index <= 0n) return;
    const owesBase = this.loans.get(loanKey(user, wallet, spec.base.code));
    const base = this.ledger.balance(userAccount(user, spec.base.code, 'available', wallet));
    const quote = this.ledger.balance(userAccount(user, spec.quote.code, 'available', wallet));
    const band = (index * LIQUIDATION_BAND_BPS) / 10_000n;
    let side: 'buy' | 'sell';
    let price: bigint;
    let lots: bigint;
    if (owesBase && owesBase.principal + owesBase.interest > base) {
      side = 'buy';
      price = ((index + band) / spec.tickSize) * spec.tickSize;
      const want = owesBase.principal + owesBase.interest - base;
      const affordable = (quote * 10n ** BigInt(spec.base.decimals)) / price / spec.lotSize;
      const needed = (want + spec.lotSize - 1n) / spec.lotSize;
      lots = needed < affordable ? needed : affordable;
    } else {
      side = 'sell';
      price = ((index - band + spec.tickSize - 1n) / spec.tickSize) * spec.tickSize;
      const keep = owesBase ? owesBase.principal + owesBase.interest : 0n;
      lots = (base - keep) / spec.lotSize;
    }
    if (lots <= 0n || price <= 0n) return;
    engine.place(
      {
        type: 'place',
        seq,
        ts,
        user,
        market,
        side,
        kind: 'limit',
        tif: 'IOC',
        price: Number(price / spec.tickSize),
        lots: Number(lots),
        quote: 0n,
        stop: 0,
        wallet,
      },
      events,
    );
  }

  /**
   * The last step of a liquidation, once the account's coins were sold into what it owes:
   * every loan repaid from the account's own coin as far as it goes, the rest by the margin
   * insurance fund (as far as it goes), and what is left of the account stays the user's.
   */
  closeOut(user: string, wallet: MarginWallet, ts: number, events: EngineEvent[]): void {
    const key = `${user}\u0000${wallet}`;
    if (!this.liquidating.has(key) && !this.due(user, wallet)) {
      events.push({ type: 'rejected', reason: 'not_due' });
      return;
    }
    // The insurance fund never pays a debt the account's own coins could still cover.
    if (this.unsold(user, wallet)) {
      events.push({ type: 'rejected', reason: 'coins_unsold' });
      return;
    }
    this.liquidating.delete(key);
    for (const loan of [...this.loans.values()]) {
      if (loan.user !== user || loan.wallet !== wallet) continue;
      const own = userAccount(user, loan.asset, 'available', wallet);
      const owed = loan.principal + loan.interest;
      const available = this.ledger.balance(own);
      const fromAccount = available < owed ? available : owed;
      if (fromAccount > 0n) this.settle(loan, fromAccount, own, ts, 'liquidation');
      const rest = loan.principal + loan.interest;
      let covered = 0n;
      if (rest > 0n) {
        const fund = systemAccount(MARGIN_INSURANCE, loan.asset);
        const balance = this.ledger.balance(fund);
        covered = rest < balance ? rest : balance;
        if (covered > 0n) this.settle(loan, covered, fund, ts, 'liquidation');
      }
      events.push({
        type: 'margin_liquidated',
        user,
        wallet,
        asset: loan.asset,
        repaid: fromAccount,
        insurance: covered,
        left: loan.principal + loan.interest,
      });
      if (loan.principal === 0n && loan.interest === 0n) {
        this.loans.delete(loanKey(user, wallet, loan.asset));
      }
    }
    this.warned.delete(key);
  }
}

export function loanKey(user: string, wallet: Wallet, asset: string): string {
  return `${user}\u0000${wallet}\u0000${asset}`;
}
