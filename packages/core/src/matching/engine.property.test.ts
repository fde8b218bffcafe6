import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUserAccount, parseAccount } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/posting.ts';
import { verifyLedger } from '../ledger/verify.ts';
import type { EngineCommand, PlaceCommand } from './commands.ts';
import { BTC_USDT, CommandStream, newEngine } from './fixtures.ts';
import { heldBy } from './live-order.ts';
import { Market } from './market.ts';
import { TradingEngine } from './trading-engine.ts';

const market = new Market(BTC_USDT);
const USERS = ['u0', 'u1', 'u2', 'u3'];

type Op =
  | {
      t: 'limit';
      user: number;
      side: 'buy' | 'sell';
      price: number;
      lots: number;
      tif: PlaceCommand['tif'];
    }
  | { t: 'market'; user: number; side: 'buy' | 'sell'; lots: number; quote: number }
  | { t: 'stop'; user: number; side: 'buy' | 'sell'; price: number; stop: number; lots: number }
  | { t: 'cancel'; user: number; pick: number };

const user = fc.integer({ min: 0, max: USERS.length - 1 });
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const price = fc.integer({ min: 90, max: 110 });
const lots = fc.integer({ min: 1, max: 20 });

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('limit' as const),
      user,
      side,
      price,
      lots,
      tif: fc.constantFrom<PlaceCommand['tif']>('GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('market' as const),
      user,
      side,
      lots,
      quote: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 3_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('stop' as const), user, side, price, stop: price, lots }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), user, pick: fc.nat() }) },
);

/** Turns abstract operations into commands; a cancel names one of the orders placed so far. */
function commands(ops: Op[], rich = false): EngineCommand[] {
  const s = new CommandStream();
  const out: EngineCommand[] = [];
  for (const u of USERS) {
    out.push(s.deposit(u, 'USDT', rich ? 10n ** 15n : 40_000n));
    out.push(s.deposit(u, 'BTC', rich ? 10n ** 15n : 300n * BTC_USDT.lotSize));
  }
  const placed: number[] = [];
  for (const o of ops) {
    const u = USERS[o.user]!;
    let cmd: EngineCommand;
    if (o.t === 'cancel') {
      if (placed.length === 0) continue;
      cmd = s.cancel(u, placed[o.pick % placed.length]!);
    } else if (o.t === 'limit') {
      cmd = s.limit(u, o.side, o.price, o.lots, o.tif);
    } else if (o.t === 'market') {
      const byQuote = o.side === 'buy' && o.quote > 0;
      cmd = s.place({
        user: u,
        side: o.side,
        kind: 'market',
        tif: 'IOC',
        lots: byQuote ? 0 : o.lots,
        quote: byQuote ? BigInt(o.quote) : 0n,
      });
    } else {
      cmd = s.place({
        user: u,
        side: o.side,
        kind: 'stop_limit',
        price: o.price,
        stop: o.stop,
        lots: o.lots,
      });
    }
    if (cmd.type === 'place') placed.push(cmd.seq);
    out.push(cmd);
  }
  return out;
}

/** Asserts the invariants that must hold between any two commands. */
function checkBetweenCommands(engine: TradingEngine): void {
  const sums = new Map<string, bigint>();
  for (const [account, balance] of engine.ledger.entries()) {
    const asset = parseAccount(account).asset;
    sums.set(asset, (sums.get(asset) ?? 0n) + balance);
    if (isUserAccount(account)) expect(balance).toBeGreaterThanOrEqual(0n);
  }
  for (const sum of sums.values()) expect(sum).toBe(0n);
  const holds = new Map<string, bigint>();
  for (const order of engine.market(BTC_USDT.symbol)!.live.values()) {
    const expected =
      order.side === 'buy'
        ? market.notional(order.price, order.remaining)
        : market.baseAmount(order.remaining);
    const key = `${order.user}:${order.side === 'buy' ? 'USDT' : 'BTC'}`;
    holds.set(key, (holds.get(key) ?? 0n) + expected);
  }
  for (const u of USERS) {
    expect(engine.ledger.held(u, 'USDT')).toBe(holds.get(`${u}:USDT`) ?? 0n);
    expect(engine.ledger.held(u, 'BTC')).toBe(holds.get(`${u}:BTC`) ?? 0n);
  }
}

describe('engine properties over random command streams', () => {
  it('keeps the ledger invariants, fills within limits, cancels release the remaining hold', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const engine = newEngine();
        const all: Posting[] = [];
        const limits = new Map<number, { side: string; price: number }>();
        for (const cmd of commands(ops)) {
          const before =
            cmd.type === 'cancel' ? engine.market(cmd.market)!.live.get(cmd.orderId) : undefined;
          const holdBefore = before && heldBy(market, before);
          const result = engine.apply(cmd);
          all.push(...result.postings);
          for (const e of result.events) {
            if (e.type === 'accepted') limits.set(e.orderId, { side: e.side, price: e.price });
            if (e.type === 'trade') {
              const taker = limits.get(e.takerOrderId)!;
              if (taker.side === 'buy') expect(e.price).toBeLessThanOrEqual(taker.price);
              else expect(e.price).toBeGreaterThanOrEqual(taker.price);
            }
          }
          if (cmd.type === 'cancel' && result.events[0]?.type === 'cancelled') {
            const released = result.postings.toArray().filter((p) => p.reason === 'release');
            expect(released.reduce((sum, p) => sum + p.amount, 0n)).toBe(holdBefore);
            expect(result.postings.toArray().every((p) => p.reason === 'release')).toBe(true);
          }
          checkBetweenCommands(engine);
        }
        expect(verifyLedger(all, engine.ledger.entries())).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('replay, and restore from a snapshot taken midway, reproduce the live state hash', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), fc.nat(), (ops, cut) => {
        const stream = commands(ops);
        const live = newEngine();
        const results = stream.map((c) => live.apply(c));
        const replay = newEngine();
        const replayed = stream.map((c) => replay.apply(c));
        expect(replay.stateHash()).toBe(live.stateHash());
        expect(replayed).toEqual(results);

        const at = cut % (stream.length + 1);
        const first = newEngine();
        for (const c of stream.slice(0, at)) first.apply(c);
        const snapshot = JSON.parse(JSON.stringify(first.snapshot()));
        const restored = new TradingEngine(
          { assets: [BTC_USDT.base, BTC_USDT.quote], markets: [BTC_USDT] },
          snapshot,
        );
        for (const c of stream.slice(at)) restored.apply(c);
        expect(restored.stateHash()).toBe(live.stateHash());
      }),
      { numRuns: 100 },
    );
  });

  it('matches in price-time priority like a naive reference book', () => {
    const limitOnly = fc.record({
      t: fc.constant('limit' as const),
      user,
      side,
      price,
      lots,
      tif: fc.constantFrom<PlaceCommand['tif']>('GTC', 'GTC', 'IOC'),
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { weight: 5, arbitrary: limitOnly },
            { weight: 1, arbitrary: op.filter((o) => o.t === 'cancel') },
          ),
          { maxLength: 150 },
        ),
        (ops) => {
          const engine = newEngine();
          const reference = new NaiveBook();
          for (const cmd of commands(ops, true)) {
            const result = engine.apply(cmd);
            const rejected = result.events.some((e) => e.type === 'rejected');
            const expected = rejected ? [] : reference.apply(cmd);
            const actual = result.events
              .filter((e) => e.type === 'trade')
              .map((e) => [e.makerOrderId, e.takerOrderId, e.price, e.lots]);
            expect(actual).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The obvious quadratic book: scan every order for the best price, then the oldest. */
class NaiveBook {
  private orders: Array<{ id: number; user: string; side: string; price: number; left: number }> =
    [];

  apply(cmd: EngineCommand): number[][] {
    if (cmd.type === 'cancel') {
      this.orders = this.orders.filter((o) => !(o.id === cmd.orderId && o.user === cmd.user));
      return [];
    }
    if (cmd.type !== 'place' || cmd.lots * cmd.price < Number(BTC_USDT.minNotional)) return [];
    const fills: number[][] = [];
    let left = cmd.lots;
    while (left > 0) {
      const candidates = this.orders.filter(
        (o) =>
          o.side !== cmd.side && (cmd.side === 'buy' ? o.price <= cmd.price : o.price >= cmd.price),
      );
      if (candidates.length === 0) break;
      candidates.sort(
        (a, b) => (cmd.side === 'buy' ? a.price - b.price : b.price - a.price) || a.id - b.id,
      );
      const maker = candidates[0]!;
      if (maker.user === cmd.user) return fills;
      const take = Math.min(left, maker.left);
      fills.push([maker.id, cmd.seq, maker.price, take]);
      left -= take;
      maker.left -= take;
      if (maker.left === 0) this.orders = this.orders.filter((o) => o !== maker);
    }
    if (left > 0 && cmd.tif === 'GTC') {
      this.orders.push({ id: cmd.seq, user: cmd.user, side: cmd.side, price: cmd.price, left });
    }
    return fills;
  }
}
