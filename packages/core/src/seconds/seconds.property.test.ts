import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECONDS_HELD_POOL, SECONDS_POOL } from '../engine/commands/seconds.ts';
import { poolAccount, systemAccount, userAccount } from '../ledger/accounts.ts';
import type { EngineCommand } from '../matching/commands.ts';
import { BTC_USDT, newEngine } from '../matching/fixtures.ts';

const USERS = ['1', '2', '3'];
const ACCOUNTS = [
  ...USERS.map((u) => userAccount(u, 'USDT', 'available')),
  poolAccount(SECONDS_POOL, 'USDT'),
  poolAccount(SECONDS_HELD_POOL, 'USDT'),
  systemAccount('fee_revenue', 'USDT'),
  systemAccount('security_fund', 'USDT'),
];

const step = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    user: fc.constantFrom(...USERS),
    up: fc.boolean(),
    stake: fc.bigInt({ min: 1n, max: 5_000_000_000n }),
    charge: fc.bigInt({ min: 0n, max: 10_000_000n }),
    profitBps: fc.integer({ min: 0, max: 30_000 }),
    lossBps: fc.integer({ min: 0, max: 10_000 }),
    period: fc.constantFrom(1, 2, 5, 30),
  }),
  fc.record({
    kind: fc.constant('tick' as const),
    price: fc.bigInt({ min: 99n, max: 101n }),
    after: fc.integer({ min: 0, max: 10_000 }),
  }),
);

describe('second contracts keep the money where it was', () => {
  it('users + held stakes + pool + fees + fund keep their sum, and every contract settles once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const engine = newEngine();
        let seq = 0;
        let ts = 1_700_000_000_000;
        const apply = (fields: Record<string, unknown>) =>
          engine.apply({ ...fields, seq: ++seq, ts } as unknown as EngineCommand);
        for (const user of USERS) {
          apply({
            type: 'deposit',
            user,
            asset: 'USDT',
            amount: 10_000_000_000n,
            ref: `d${user}`,
            source: 'platform_float',
          });
        }
        apply({
          type: 'adjust',
          from: systemAccount('operator_capital', 'USDT'),
          to: ACCOUNTS[3],
          amount: 20_000_000_000n,
          ref: 'pool',
        });
        apply({ type: 'index', prices: [[BTC_USDT.symbol, 100n]] });
        const sum = () => ACCOUNTS.reduce((total, key) => total + engine.ledger.balance(key), 0n);
        const start = sum();
        const opened = new Set<number>();
        const settled = new Set<number>();
        const record = (events: ReturnType<typeof apply>['events']) => {
          for (const e of events) {
            if (e.type === 'seconds_opened') opened.add(e.contract.id);
            if (e.type === 'seconds_settled') {
              expect(settled.has(e.contract.id)).toBe(false);
              settled.add(e.contract.id);
            }
          }
        };
        for (const s of steps) {
          if (s.kind === 'open') {
            const { kind: _kind, up, ...terms } = s;
            record(
              apply({
                type: 'seconds-open',
                market: BTC_USDT.symbol,
                direction: up ? 'up' : 'down',
                ...terms,
              }).events,
            );
          } else {
            ts += s.after;
            record(apply({ type: 'index', prices: [[BTC_USDT.symbol, s.price]] }).events);
          }
          expect(sum()).toBe(start);
          for (const key of ACCOUNTS) expect(engine.ledger.balance(key) >= 0n).toBe(true);
        }
        ts += 31_000;
        record(apply({ type: 'index', prices: [[BTC_USDT.symbol, 100n]] }).events);
        expect(sum()).toBe(start);
        expect(settled).toEqual(opened);
        expect(engine.ledger.balance(ACCOUNTS[4]!)).toBe(0n);
        expect(engine.seconds.committedOf('USDT')).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });
});
