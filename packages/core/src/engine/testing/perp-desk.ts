import { expect } from 'vitest';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import type { EngineCommand, PerpCommand, PerpListing, PerpOp } from '../../matching/commands.ts';
import type { EngineEvent } from '../../matching/events.ts';
import { BTC_USDT, CommandStream, newEngine } from '../../matching/fixtures.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import type { PERP_SETTLEMENT } from '../../perps/engine.ts';

/** USDT minor units (6 decimals): what index prices are given in. */
export const U = 1_000_000n;

export class Stream extends CommandStream {
  perp(op: PerpOp, ts = ++this.ts): PerpCommand {
    this.ts = ts;
    return { type: 'perp', seq: ++this.seq, ts, op };
  }
}

export type Placed = Partial<Extract<PerpOp, { op: 'place' }>>;

/**
 * A perpetual market in a fresh engine, driven one command at a time, with what the tests
 * read back: wallets in the market's margin coin, system accounts, positions, refusals.
 */
export class Desk {
  readonly engine: TradingEngine;
  readonly s = new Stream();
  events: EngineEvent[] = [];
  readonly symbol: string;

  constructor(
    readonly listing: PerpListing,
    /** The margin coin: USDT for a linear listing, the base coin for an inverse one. */
    readonly coin: string,
    engine = newEngine(),
  ) {
    this.engine = engine;
    this.symbol = listing.symbol;
  }

  run(cmd: EngineCommand): EngineEvent[] {
    this.events = this.engine.apply(cmd).events;
    return this.events;
  }

  start(users: string[], amount: bigint): this {
    this.run(this.s.perp({ op: 'list', spec: this.listing }));
    for (const user of users) {
      this.run(this.s.deposit(user, this.coin, amount));
      this.run({
        type: 'transfer',
        seq: ++this.s.seq,
        ts: ++this.s.ts,
        user,
        asset: this.coin,
        from: 'spot',
        to: 'contract',
        amount,
        ref: `t${this.coin}:${user}`,
      });
    }
    return this;
  }

  index(price: number, ts = ++this.s.ts): EngineEvent[] {
    this.s.ts = ts;
    return this.run({
      type: 'index',
      seq: ++this.s.seq,
      ts,
      prices: [[BTC_USDT.symbol, BigInt(price) * U]],
    });
  }

  place(user: string, side: 'buy' | 'sell', contracts: number, fields: Placed = {}): EngineEvent[] {
    return this.run(
      this.s.perp({
        op: 'place',
        user,
        symbol: this.symbol,
        side,
        kind: 'limit',
        tif: 'GTC',
        price: 0,
        contracts,
        reduceOnly: false,
        stop: 0,
        trigger: 'mark',
        source: 'user',
        ...fields,
      }),
    );
  }

  limit(user: string, side: 'buy' | 'sell', contracts: number, price: number, fields: Placed = {}) {
    return this.place(user, side, contracts, { price: price * 10, ...fields });
  }

  market(user: string, side: 'buy' | 'sell', contracts: number, fields: Placed = {}) {
    return this.place(user, side, contracts, { kind: 'market', tif: 'IOC', ...fields });
  }

  wallet(user: string) {
    const l = this.engine.ledger;
    return {
      available: l.balance(userAccount(user, this.coin, 'available', 'contract')),
      held: l.balance(userAccount(user, this.coin, 'held', 'contract')),
    };
  }

  system(account: 'fee_revenue' | 'security_fund' | 'insurance_fund' | typeof PERP_SETTLEMENT) {
    return this.engine.ledger.balance(systemAccount(account, this.coin));
  }

  position(user: string) {
    return this.engine.perps.position(user, this.symbol);
  }

  /** The state a refused command must leave as it was (the sequence number aside). */
  state(): string {
    return JSON.stringify({ ...this.engine.snapshot(), seq: 0 });
  }

  rejected(): string | undefined {
    const e = this.events.find((x) => x.type === 'rejected');
    return e && e.type === 'rejected' ? e.reason : undefined;
  }

  /** Every asset's accounts sum to zero, and open interest long equals short. */
  invariants(): void {
    const sums = new Map<string, bigint>();
    for (const [key, balance] of this.engine.ledger.entries()) {
      const asset = key.slice(key.lastIndexOf(':') + 1);
      sums.set(asset, (sums.get(asset) ?? 0n) + balance);
    }
    for (const [asset, sum] of sums) expect(sum, asset).toBe(0n);
    const market = this.engine.perps.markets.get(this.symbol)!;
    let long = 0;
    let short = 0;
    for (const p of market.positions.values()) {
      if (p.side === 'long') long += p.contracts;
      else short += p.contracts;
    }
    expect(long).toBe(short);
  }
}
