import { describe, expect, it } from 'vitest';
import { systemAccount, userAccount, parseAccount } from './accounts.ts';
import { readAmount } from './assets.ts';
import { InsufficientBalanceError, Ledger } from './ledger.ts';
import { verifyLedger } from './verify.ts';

const USDT = { code: 'USDT', decimals: 6, maxAmount: 1_000_000_000_000n };
const ref = { refKind: 'deposit' as const, refId: 'd1', ts: 1 };

describe('reading amounts', () => {
  it.each([
    ['1.5', { ok: true, units: 1_500_000n }],
    ['0.000001', { ok: true, units: 1n }],
    ['1000000', { ok: true, units: 1_000_000_000_000n }],
    ['1000000.000001', { ok: false, reason: 'too_large' }],
    ['0.0000001', { ok: false, reason: 'too_many_decimals' }],
    ['NaN', { ok: false, reason: 'invalid_number' }],
    ['1e3', { ok: false, reason: 'invalid_number' }],
    ['+1', { ok: false, reason: 'invalid_number' }],
    [' 1', { ok: false, reason: 'invalid_number' }],
    ['-1', { ok: false, reason: 'negative' }],
    ['-0', { ok: false, reason: 'negative' }],
    ['-0.00', { ok: false, reason: 'negative' }],
  ])('%s', (text, expected) => {
    expect(readAmount(USDT, text)).toEqual(expected);
  });
});

describe('ledger', () => {
  it('keys accounts per user, wallet, part and asset, and reads them back', () => {
    expect(userAccount('42', 'USDT', 'held', 'merchant')).toBe('u:42:8:h:USDT');
    expect(parseAccount('u:42:8:h:USDT')).toEqual({
      kind: 'user',
      user: '42',
      wallet: 'merchant',
      part: 'held',
      asset: 'USDT',
    });
    expect(parseAccount(systemAccount('insurance_fund', 'BTC'))).toEqual({
      kind: 'system',
      account: 'insurance_fund',
      asset: 'BTC',
    });
  });

  it('holds, releases and settles, never taking a user part below zero', () => {
    const ledger = new Ledger();
    const alice = ledger.holding('alice', 'USDT');
    ledger.post(systemAccount('platform_float', 'USDT'), alice.available.key, 100n, 'deposit', ref);
    ledger.hold(alice, 60n, ref);
    expect(() => ledger.hold(alice, 41n, ref)).toThrow(InsufficientBalanceError);
    ledger.release(alice, 10n, ref);
    ledger.settle(alice, ledger.account(systemAccount('fee_revenue', 'USDT')), 50n, 'fee', ref);
    expect([ledger.available('alice', 'USDT'), ledger.held('alice', 'USDT')]).toEqual([50n, 0n]);
    expect(verifyLedger(ledger.drain(), ledger.entries())).toEqual([]);
  });

  it('verify names every broken invariant', () => {
    const ledger = new Ledger();
    ledger.post(
      systemAccount('platform_float', 'USDT'),
      userAccount('a', 'USDT', 'available'),
      5n,
      'deposit',
      ref,
    );
    const postings = ledger.drain();
    const stored: Array<[string, bigint]> = [
      ...ledger.entries(),
      [userAccount('b', 'USDT', 'available'), -1n],
    ];
    expect(
      verifyLedger(postings, stored)
        .map((v) => v.kind)
        .sort(),
    ).toEqual(['balance_mismatch', 'negative_user_balance', 'unbalanced_asset']);
  });
});
