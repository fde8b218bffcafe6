import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayGoNegative, poolAccount, systemAccount, userAccount } from './accounts.ts';
import { InsufficientBalanceError, Ledger } from './ledger.ts';
import { verifyLedger } from './verify.ts';

const ASSET = 'USDT';
const FLOAT = systemAccount('platform_float', ASSET);
/** One account of each class; the float is the only one that may go negative. */
const ACCOUNTS = [
  userAccount('alice', ASSET, 'available'),
  userAccount('alice', ASSET, 'held'),
  userAccount('bob', ASSET, 'available', 'contract'),
  userAccount('bob', ASSET, 'available', 'finance'),
  userAccount('carol', ASSET, 'held', 'merchant'),
  systemAccount('fee_revenue', ASSET),
  systemAccount('security_fund', ASSET),
  systemAccount('insurance_fund', ASSET),
  poolAccount('staking-30d', ASSET),
  FLOAT,
];
const ref = { refKind: 'deposit' as const, refId: 'r', ts: 1 };

const move = fc.record({
  from: fc.constantFrom(...ACCOUNTS),
  to: fc.constantFrom(...ACCOUNTS),
  amount: fc.bigInt({ min: 1n, max: 1_000n }),
});

describe('account classes', () => {
  it('only the platform float is allowed below zero', () => {
    expect(ACCOUNTS.filter(mayGoNegative)).toEqual([FLOAT]);
  });

  it('no sequence of postings takes a wallet, fund, revenue or pool account below zero', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 60 }), (moves) => {
        const ledger = new Ledger();
        for (const { from, to, amount } of moves) {
          if (from === to) continue;
          const before = ledger.balance(from);
          try {
            ledger.post(from, to, amount, 'adjustment', ref);
          } catch (error) {
            // Refused whole: only for a floored account without the money.
            expect(error).toBeInstanceOf(InsufficientBalanceError);
            expect(mayGoNegative(from)).toBe(false);
            expect(before < amount).toBe(true);
            expect(ledger.balance(from)).toBe(before);
          }
        }
        for (const [account, balance] of ledger.entries()) {
          if (!mayGoNegative(account)) expect(balance).toBeGreaterThanOrEqual(0n);
        }
        // The postings made rebuild the balances, sum to zero, and break no class rule.
        expect(verifyLedger(ledger.drain(), ledger.entries())).toEqual([]);
      }),
    );
  });

  it('verify reports a fund or pool below zero in stored balances and in the postings', () => {
    for (const account of [
      systemAccount('security_fund', ASSET),
      systemAccount('insurance_fund', ASSET),
      systemAccount('fee_revenue', ASSET),
      poolAccount('staking-30d', ASSET),
    ]) {
      const posting = {
        id: 1,
        asset: ASSET,
        from: account,
        to: userAccount('mallory', ASSET, 'available'),
        amount: 5n,
        reason: 'adjustment' as const,
        refKind: 'deposit' as const,
        refId: 'x',
        ts: 1,
      };
      const stored: Array<[string, bigint]> = [
        [account, -5n],
        [posting.to, 5n],
      ];
      expect(verifyLedger([posting], stored)).toEqual([
        { kind: 'negative_system_balance', account, balance: -5n, postingId: 1 },
        { kind: 'negative_system_balance', account, balance: -5n },
      ]);
    }
  });
});
