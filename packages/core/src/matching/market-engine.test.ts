import { beforeEach, describe, expect, it } from 'vitest';
import { systemAccount, userAccount } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/posting.ts';
import { verifyLedger } from '../ledger/verify.ts';
import type { EngineCommand } from './commands.ts';
import type { CommandResult, EngineEvent } from './events.ts';
import { BTC_USDT, CommandStream, newEngine } from './fixtures.ts';
import { TradingEngine } from './trading-engine.ts';

const BTC_LOT = 10_000n;

let engine: TradingEngine;
let s: CommandStream;
let postings: Posting[];

function run(cmd: EngineCommand): CommandResult {
  const result = engine.apply(cmd);
  postings.push(...result.postings);
  return result;
}

function types(result: CommandResult): string[] {
  return result.events.map((e) => e.type);
}

function trades(result: CommandResult): Array<Extract<EngineEvent, { type: 'trade' }>> {
  return result.events.filter(
    (e): e is Extract<EngineEvent, { type: 'trade' }> => e.type === 'trade',
  );
}

function expectRejected(cmd: EngineCommand, reason: string): void {
  // The sequence number moves on; nothing else may.
  const before = { ...engine.snapshot(), seq: 0 };
  const result = run(cmd);
  expect(result.events).toEqual([{ type: 'rejected', reason }]);
  expect(result.postings.toArray()).toEqual([]);
  expect({ ...engine.snapshot(), seq: 0 }).toEqual(before);
}

const avail = (user: string, asset: string) => engine.ledger.available(user, asset);
const held = (user: string, asset: string) => engine.ledger.held(user, asset);

beforeEach(() => {
  engine = newEngine();
  s = new CommandStream();
  postings = [];
  for (const user of ['alice', 'bob', 'carol']) {
    run(s.deposit(user, 'USDT', 1_000_000_000n));
    run(s.deposit(user, 'BTC', 1_000n * BTC_LOT));
  }
});

describe('limit orders', () => {
  it('a GTC order rests and holds exactly its value; a cancel gives it back', () => {
    const place = run(s.limit('alice', 'buy', 500, 4));
    expect(types(place)).toEqual(['accepted']);
    expect(held('alice', 'USDT')).toBe(2_000n);
    expect(engine.market('BTC-USDT')!.book.depth('buy', 5)).toEqual([{ price: 500, lots: 4 }]);
    const cancel = run(s.cancel('alice', place.seq));
    expect(cancel.events).toEqual([
      { type: 'cancelled', orderId: place.seq, market: 'BTC-USDT', reason: 'user', lots: 4 },
    ]);
    expect(held('alice', 'USDT')).toBe(0n);
    expect(avail('alice', 'USDT')).toBe(1_000_000_000n);
  });

  it('a crossing order fills at the maker price, gets the improvement back, pays fees', () => {
    const ask = run(s.limit('bob', 'sell', 1_000, 10));
    const bid = run(s.limit('alice', 'buy', 1_100, 10));
    expect(trades(bid)).toEqual([
      expect.objectContaining({
        price: 1_000,
        lots: 10,
        makerOrderId: ask.seq,
        takerOrderId: bid.seq,
      }),
    ]);
    expect(types(bid)).toEqual(['accepted', 'trade', 'filled', 'filled']);
    // Alice paid 10,000 USDT units at the maker's price, nothing more stays held.
    expect(held('alice', 'USDT')).toBe(0n);
    expect(avail('alice', 'USDT')).toBe(1_000_000_000n - 10_000n);
    // Taker fee 20 bps of 10 lots of BTC received; maker fee 10 bps of the USDT received.
    const takerFee = (10n * BTC_LOT * 20n) / 10_000n;
    const makerFee = (10_000n * 10n) / 10_000n;
    expect(avail('alice', 'BTC')).toBe(1_000n * BTC_LOT + 10n * BTC_LOT - takerFee);
    expect(avail('bob', 'USDT')).toBe(1_000_000_000n + 10_000n - makerFee);
    expect(engine.ledger.balance(systemAccount('security_fund', 'BTC'))).toBe(takerFee / 10n);
    expect(engine.ledger.balance(systemAccount('fee_revenue', 'BTC'))).toBe(
      takerFee - takerFee / 10n,
    );
    expect(engine.ledger.balance(systemAccount('security_fund', 'USDT'))).toBe(makerFee / 10n);
    expect(engine.ledger.balance(systemAccount('fee_revenue', 'USDT'))).toBe(
      makerFee - makerFee / 10n,
    );
  });

  it('fills in price-time priority: better price first, then the older order', () => {
    const first = run(s.limit('bob', 'sell', 1_000, 2));
    const second = run(s.limit('carol', 'sell', 1_000, 2));
    const better = run(s.limit('carol', 'sell', 990, 1));
    const taker = run(s.limit('alice', 'buy', 1_000, 4));
    expect(trades(taker).map((t) => [t.makerOrderId, t.price, t.lots])).toEqual([
      [better.seq, 990, 1],
      [first.seq, 1_000, 2],
      [second.seq, 1_000, 1],
    ]);
  });

  it('IOC cancels what it cannot fill at once', () => {
    run(s.limit('bob', 'sell', 1_000, 2));
    const ioc = run(s.limit('alice', 'buy', 1_000, 5, 'IOC'));
    expect(types(ioc)).toEqual(['accepted', 'trade', 'filled', 'cancelled']);
    expect(ioc.events.at(-1)).toMatchObject({ reason: 'unfilled', lots: 3 });
    expect(held('alice', 'USDT')).toBe(0n);
  });

  it('FOK fills completely or is refused and changes nothing', () => {
    run(s.limit('bob', 'sell', 1_000, 2));
    expectRejected(s.limit('alice', 'buy', 1_000, 3, 'FOK'), 'fok_unfillable');
    const fok = run(s.limit('alice', 'buy', 1_000, 2, 'FOK'));
    expect(trades(fok)).toHaveLength(1);
  });

  it('post-only rests, or is refused when it would take', () => {
    run(s.limit('bob', 'sell', 1_000, 2));
    expectRejected(s.limit('alice', 'buy', 1_000, 1, 'POST_ONLY'), 'would_take');
    expect(types(run(s.limit('alice', 'buy', 999, 1, 'POST_ONLY')))).toEqual(['accepted']);
  });

  it('self-trade prevention cancels the newer order and leaves the older one', () => {
    const other = run(s.limit('bob', 'sell', 990, 1));
    const own = run(s.limit('alice', 'sell', 1_000, 2));
    const taker = run(s.limit('alice', 'buy', 1_000, 5));
    expect(trades(taker).map((t) => t.makerOrderId)).toEqual([other.seq]);
    expect(taker.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'self_trade', lots: 4 });
    expect(engine.market('BTC-USDT')!.live.get(own.seq)?.remaining).toBe(2);
    expect(held('alice', 'USDT')).toBe(0n);
  });
});

describe('market orders', () => {
  beforeEach(() => {
    run(s.limit('bob', 'sell', 1_000, 2));
    run(s.limit('bob', 'sell', 1_040, 2));
    run(s.limit('bob', 'sell', 1_060, 2));
  });

  it('a buy by quantity fills within the protection band and cancels the rest', () => {
    const m = run(s.place({ user: 'alice', side: 'buy', kind: 'market', tif: 'IOC', lots: 6 }));
    // Band 5% above the best 1,000 is 1,050: the 1,060 level is out of reach.
    expect(trades(m).map((t) => t.price)).toEqual([1_000, 1_040]);
    expect(m.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'unfilled', lots: 2 });
    expect(held('alice', 'USDT')).toBe(0n);
  });

  it('a buy by quote amount spends no more than the amount', () => {
    const m = run(
      s.place({ user: 'alice', side: 'buy', kind: 'market', tif: 'IOC', quote: 3_100n }),
    );
    expect(trades(m).map((t) => [t.price, t.lots])).toEqual([
      [1_000, 2],
      [1_040, 1],
    ]);
    expect(avail('alice', 'USDT')).toBe(1_000_000_000n - 3_040n);
    expect(held('alice', 'USDT')).toBe(0n);
  });

  it('a sell by quantity fills against the bids', () => {
    run(s.limit('carol', 'buy', 900, 3));
    const m = run(s.place({ user: 'alice', side: 'sell', kind: 'market', tif: 'IOC', lots: 2 }));
    expect(trades(m).map((t) => [t.price, t.lots])).toEqual([[900, 2]]);
    expect(types(m).at(-1)).toBe('filled');
  });

  it('is refused on an empty side', () => {
    expectRejected(
      s.place({ user: 'alice', side: 'sell', kind: 'market', tif: 'IOC', lots: 1 }),
      'no_liquidity',
    );
  });
});

describe('stop-limit orders', () => {
  it('wait with their hold until the last trade reaches the stop, then trade', () => {
    const stop = run(
      s.place({
        user: 'alice',
        side: 'buy',
        kind: 'stop_limit',
        price: 1_100,
        stop: 1_050,
        lots: 1,
      }),
    );
    expect(types(stop)).toEqual(['accepted']);
    expect(held('alice', 'USDT')).toBe(1_100n);
    run(s.limit('bob', 'sell', 1_050, 3));
    const trigger = run(s.limit('carol', 'buy', 1_050, 1));
    expect(types(trigger)).toEqual(['accepted', 'trade', 'filled', 'triggered', 'trade', 'filled']);
    expect(held('alice', 'USDT')).toBe(0n);
    expect(avail('alice', 'USDT')).toBe(1_000_000_000n - 1_050n);
  });

  it('can be cancelled before they trigger', () => {
    const stop = run(
      s.place({ user: 'alice', side: 'sell', kind: 'stop_limit', price: 900, stop: 950, lots: 1 }),
    );
    expect(held('alice', 'BTC')).toBe(BTC_LOT);
    run(s.cancel('alice', stop.seq));
    expect(held('alice', 'BTC')).toBe(0n);
  });
});

describe('bad commands are refused with a reason and change nothing', () => {
  it.each([
    ['zero size', { lots: 0 }, 'invalid_quantity'],
    ['negative size', { lots: -1 }, 'invalid_quantity'],
    ['fractional size', { lots: 1.5 }, 'invalid_quantity'],
    ['size above the maximum', { lots: BTC_USDT.maxOrderLots + 1 }, 'invalid_quantity'],
    ['zero price', { price: 0 }, 'invalid_price'],
    ['negative price', { price: -5 }, 'invalid_price'],
    ['price above the maximum', { price: BTC_USDT.maxPriceTicks + 1 }, 'invalid_price'],
    ['value under the minimum notional', { price: 1, lots: 1 }, 'below_min_notional'],
    ['more than the balance', { price: 2_000, lots: 600_000 }, 'insufficient_balance'],
    ['unknown market', { market: 'DOGE-USDT' }, 'unknown_market'],
    ['quote amount on a limit order', { quote: 5n }, 'invalid_order'],
  ])('%s', (_name, fields, reason) => {
    expectRejected(
      s.place({ user: 'alice', side: 'buy', kind: 'limit', price: 1_000, lots: 1, ...fields }),
      reason,
    );
  });

  it('a cancel of a foreign, finished or unknown order', () => {
    const mine = run(s.limit('alice', 'buy', 1_000, 1));
    expectRejected(s.cancel('bob', mine.seq), 'not_owner');
    run(s.cancel('alice', mine.seq));
    expectRejected(s.cancel('alice', mine.seq), 'order_not_open');
    expectRejected(s.cancel('alice', 9_999), 'order_not_open');
  });

  it('a deposit of nothing or of an unknown asset', () => {
    expectRejected({ ...s.deposit('alice', 'USDT', 0n) }, 'invalid_amount');
    expectRejected({ ...s.deposit('alice', 'XYZ', 5n) }, 'unknown_asset');
  });
});

it('keeps the ledger invariants through all of the above', () => {
  run(s.limit('bob', 'sell', 1_000, 5));
  run(s.limit('alice', 'buy', 1_000, 3));
  expect(verifyLedger(postings, engine.ledger.entries())).toEqual([]);
  expect(engine.ledger.balance(userAccount('bob', 'BTC', 'held'))).toBe(2n * BTC_LOT);
});

describe('snapshots', () => {
  it('restores what each order holds, and refuses a snapshot whose hold disagrees', () => {
    run(s.limit('alice', 'buy', 500, 4));
    run(s.limit('bob', 'sell', 490, 1));
    const snapshot = engine.snapshot();
    // Alice's buy filled 1 lot at 490 and rests with 3 lots at her limit of 500.
    expect(snapshot.markets[0]!.orders).toMatchObject([
      { user: 'alice', remaining: 3, hold: '1500' },
    ]);
    const config = { assets: [BTC_USDT.base, BTC_USDT.quote], markets: [BTC_USDT] };
    expect(new TradingEngine(config, snapshot).stateHash()).toBe(engine.stateHash());

    const damaged: typeof snapshot = JSON.parse(JSON.stringify(snapshot));
    damaged.markets[0]!.orders[0]!.hold = '1499';
    expect(() => new TradingEngine(config, damaged)).toThrow(/holds 1499/);
  });
});
