import { describe, expect, it } from 'vitest';
import { earnFundingPool, earnPrincipalPool } from '../../earn/book.ts';
import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import type {
  AdjustCommand,
  EarnCommand,
  EngineCommand,
  TransferCommand,
} from '../../matching/commands.ts';
import { BTC, BTC_USDT, CommandStream, USDT, newEngine } from '../../matching/fixtures.ts';
import { TradingEngine } from '../../matching/trading-engine.ts';
import { decodeCommand, encodeCommand } from '../journal-codec.ts';

const U = 1_000_000n;
const FUNDING = poolAccount(earnFundingPool('p1'), 'USDT');
const PRINCIPAL = poolAccount(earnPrincipalPool('p1'), 'USDT');
const finance = (user: string) => userAccount(user, 'USDT', 'available', 'finance');

const withoutSeq = (engine: TradingEngine) => JSON.stringify({ ...engine.snapshot(), seq: 0 });

function balanced(engine: TradingEngine): boolean {
  const sums = new Map<string, bigint>();
  for (const [key, value] of engine.ledger.entries()) {
    const asset = key.slice(key.lastIndexOf(':') + 1);
    sums.set(asset, (sums.get(asset) ?? 0n) + value);
  }
  return [...sums.values()].every((v) => v === 0n);
}

function setup() {
  const engine = newEngine();
  const s = new CommandStream();
  const fund = (amount: bigint, ref = 'f1'): AdjustCommand => ({
    type: 'adjust',
    seq: ++s.seq,
    ts: ++s.ts,
    from: systemAccount('operator_capital', 'USDT'),
    to: FUNDING,
    amount,
    ref,
  });
  const toFinance = (user: string, amount: bigint): TransferCommand => ({
    type: 'transfer',
    seq: ++s.seq,
    ts: ++s.ts,
    user,
    asset: 'USDT',
    from: 'spot',
    to: 'finance',
    amount,
    ref: `t-${user}-${s.seq}`,
  });
  const open = (fields: Partial<Extract<EarnCommand, { op: 'open' }>> = {}): EarnCommand => ({
    type: 'earn',
    op: 'open',
    seq: ++s.seq,
    ts: ++s.ts,
    position: 'o1',
    product: 'p1',
    user: '7',
    asset: 'USDT',
    principal: 1000n * U,
    daily: 1_200_000n,
    days: 30,
    ...fields,
  });
  const accrue = (due: Array<[string, number]>): EarnCommand => ({
    type: 'earn',
    op: 'accrue',
    seq: ++s.seq,
    ts: ++s.ts,
    due,
  });
  const close = (position: string, penalty: bigint, early: boolean): EarnCommand => ({
    type: 'earn',
    op: 'close',
    seq: ++s.seq,
    ts: ++s.ts,
    position,
    penalty,
    early,
  });
  const cmds: EngineCommand[] = [];
  const apply = (c: EngineCommand) => {
    cmds.push(c);
    return engine.apply(c).events;
  };
  return { engine, s, fund, toFinance, open, accrue, close, apply, cmds };
}

describe('earn command (tag N)', () => {
  it('opens, pays each day once and in order, matures with the whole principal; replays exactly', () => {
    const t = setup();
    t.apply(t.s.deposit('7', 'USDT', 2000n * U));
    t.apply(t.toFinance('7', 1500n * U));
    t.apply(t.fund(36n * U));
    expect(t.apply(t.open())).toEqual([
      {
        type: 'earn_opened',
        position: 'o1',
        product: 'p1',
        user: '7',
        asset: 'USDT',
        principal: 1000n * U,
      },
    ]);
    expect(t.engine.ledger.balance(finance('7'))).toBe(500n * U);
    expect(t.engine.ledger.balance(PRINCIPAL)).toBe(1000n * U);
    expect(t.engine.earn.owedBy('p1')).toBe(36n * U);

    // Days 1-3 in one batch; then a repeat of 2-3 and an out-of-order day 5 pay nothing.
    const first = t.apply(
      t.accrue([
        ['o1', 1],
        ['o1', 2],
        ['o1', 3],
      ]),
    )[0]!;
    expect(first.type === 'earn_accrued' && first.paid.map((p) => p.day)).toEqual([1, 2, 3]);
    const again = t.apply(
      t.accrue([
        ['o1', 2],
        ['o1', 3],
        ['o1', 5],
      ]),
    )[0]!;
    expect(again).toEqual({
      type: 'earn_accrued',
      paid: [],
      already: [
        ['o1', 2],
        ['o1', 3],
      ],
      skipped: [['o1', 5, 'order']],
    });
    expect(t.engine.ledger.balance(finance('7'))).toBe(500n * U + 3n * 1_200_000n);

    // Maturity before the last day is refused; after it, the principal comes back whole.
    expect(t.apply(t.close('o1', 0n, false))).toEqual([{ type: 'rejected', reason: 'not_due' }]);
    t.apply(t.accrue(Array.from({ length: 27 }, (_, i): [string, number] => ['o1', i + 4])));
    expect(t.apply(t.accrue([['o1', 31]]))[0]).toMatchObject({ skipped: [['o1', 31, 'position']] });
    expect(t.apply(t.close('o1', 0n, true))).toEqual([{ type: 'rejected', reason: 'not_due' }]);
    expect(t.apply(t.close('o1', 0n, false))[0]).toMatchObject({
      type: 'earn_closed',
      returned: 1000n * U,
      penalty: 0n,
    });
    expect(t.engine.ledger.balance(finance('7'))).toBe(1536n * U);
    expect(t.engine.ledger.balance(FUNDING)).toBe(0n);
    expect(t.engine.ledger.balance(PRINCIPAL)).toBe(0n);
    expect(t.engine.earn.owedBy('p1')).toBe(0n);
    expect(t.apply(t.close('o1', 0n, false))).toEqual([
      { type: 'rejected', reason: 'duplicate_reference' },
    ]);
    expect(balanced(t.engine)).toBe(true);

    const replayed = newEngine();
    for (const c of t.cmds) replayed.apply(decodeCommand(encodeCommand(c).slice(0, -1))!);
    expect(replayed.stateHash()).toBe(t.engine.stateHash());
    const restored = new TradingEngine(
      { assets: [BTC, USDT], markets: [BTC_USDT] },
      JSON.parse(JSON.stringify(t.engine.snapshot())),
    );
    expect(restored.stateHash()).toBe(t.engine.stateHash());
  });

  it('redeems early: principal less the penalty back, penalty to funding, unpaid days released', () => {
    const t = setup();
    t.apply(t.s.deposit('7', 'USDT', 1000n * U));
    t.apply(t.toFinance('7', 1000n * U));
    t.apply(t.fund(36n * U));
    t.apply(t.open());
    t.apply(
      t.accrue([
        ['o1', 1],
        ['o1', 2],
      ]),
    );
    expect(t.apply(t.close('o1', 30n * U, true))[0]).toMatchObject({
      type: 'earn_closed',
      returned: 970n * U,
      penalty: 30n * U,
      early: true,
    });
    expect(t.engine.ledger.balance(finance('7'))).toBe(970n * U + 2_400_000n);
    expect(t.engine.ledger.balance(FUNDING)).toBe(36n * U - 2_400_000n + 30n * U);
    expect(t.engine.earn.owedBy('p1')).toBe(0n);
    // A closed position pays no more days.
    expect(t.apply(t.accrue([['o1', 3]]))[0]).toMatchObject({
      paid: [],
      skipped: [['o1', 3, 'position']],
    });
    expect(balanced(t.engine)).toBe(true);
  });

  it('refuses, changing nothing, what balance, funding or amounts do not allow', () => {
    const t = setup();
    t.apply(t.s.deposit('7', 'USDT', 1000n * U));
    t.apply(t.toFinance('7', 1000n * U));
    t.apply(t.fund(36n * U - 1n));
    const before = withoutSeq(t.engine);
    const refusals: Array<[Partial<Extract<EarnCommand, { op: 'open' }>>, string]> = [
      [{}, 'pool_insufficient'],
      [{ principal: 1000n * U + 1n }, 'insufficient_balance'],
      [{ principal: 0n }, 'invalid_amount'],
      [{ days: 0 }, 'invalid_amount'],
      [{ daily: -1n }, 'invalid_amount'],
      [{ asset: 'DOGE' }, 'unknown_asset'],
    ];
    for (const [fields, reason] of refusals) {
      expect(t.engine.apply(t.open(fields)).events).toEqual([{ type: 'rejected', reason }]);
    }
    expect(t.engine.apply(t.close('nope', 0n, true)).events).toEqual([
      { type: 'rejected', reason: 'unknown_position' },
    ]);
    expect(withoutSeq(t.engine)).toBe(before);
    // Funding that covers exactly the cycle: accepted; a second one is not (owed counts).
    t.apply(t.fund(1n, 'f2'));
    expect(t.apply(t.open({ principal: 500n * U, daily: 600_000n, days: 60 }))[0]!.type).toBe(
      'earn_opened',
    );
    expect(t.apply(t.open({ position: 'o2', principal: 1n * U, daily: 1n, days: 1 }))).toEqual([
      { type: 'rejected', reason: 'pool_insufficient' },
    ]);
    expect(t.apply(t.open())).toEqual([{ type: 'rejected', reason: 'duplicate_reference' }]);
  });

  it('round-trips every step through the journal codec', () => {
    const t = setup();
    for (const c of [
      t.open(),
      t.accrue([
        ['o1', 1],
        ['o2', 7],
      ]),
      t.accrue([]),
      t.close('o1', 5n, true),
    ]) {
      expect(decodeCommand(encodeCommand(c).slice(0, -1))).toEqual(c);
    }
  });
});
