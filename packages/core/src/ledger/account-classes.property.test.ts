import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceRule,
  debtAccount,
  isolatedWallet,
  keepsRule,
  marketMakingAccount,
  ownerAccount,
  parseAccount,
  poolAccount,
  systemAccount,
  userAccount,
} from './accounts.ts';
import { InsufficientBalanceError, Ledger, OverpaymentError } from './ledger.ts';
import { classTotals, verifyLedger } from './verify.ts';

const ASSET = 'USDT';
const FLOAT = systemAccount('platform_float', ASSET);
const CUSTODY = systemAccount('custody', ASSET);
const CAPITAL = systemAccount('operator_capital', ASSET);
const WALLETS = [
  userAccount('alice', ASSET, 'available'),
  userAccount('alice', ASSET, 'held'),
  userAccount('bob', ASSET, 'available', 'contract'),
  userAccount('bob', ASSET, 'available', 'finance'),
  userAccount('carol', ASSET, 'held', 'merchant'),
  userAccount('carol', ASSET, 'available', 'margin'),
  userAccount('carol', ASSET, 'held', isolatedWallet('btcusdt')),
];
const FLOORED = [
  ...WALLETS,
  marketMakingAccount('mm.btcusdt', ASSET, 'available'),
  marketMakingAccount('mm.btcusdt', ASSET, 'held'),
  systemAccount('fee_revenue', ASSET),
  systemAccount('security_fund', ASSET),
  systemAccount('insurance_fund', ASSET),
  poolAccount('staking-30d', ASSET),
];
const DEBTS = [
  debtAccount('carol', ASSET, 'margin'),
  debtAccount('dave', ASSET, isolatedWallet('ethusdt')),
];
const FREE = [FLOAT, CUSTODY, CAPITAL];
const ACCOUNTS = [...FLOORED, ...DEBTS, ...FREE];
const ref = { refKind: 'adjustment' as const, refId: 'r', ts: 1 };

const move = fc.record({
  from: fc.constantFrom(...ACCOUNTS),
  to: fc.constantFrom(...ACCOUNTS),
  amount: fc.bigInt({ min: 1n, max: 1_000n }),
});

describe('account classes', () => {
  it('gives every class its rule', () => {
    expect(FLOORED.every((a) => balanceRule(a) === 'floor')).toBe(true);
    expect(DEBTS.every((a) => balanceRule(a) === 'ceiling')).toBe(true);
    expect(FREE.every((a) => balanceRule(a) === 'free')).toBe(true);
  });

  it('reads every key back to its class, owner and wallet', () => {
    expect(parseAccount(userAccount('7', 'BTC', 'held', isolatedWallet('btcusdt')))).toEqual({
      kind: 'user',
      user: '7',
      wallet: 'margin.btcusdt',
      part: 'held',
      asset: 'BTC',
    });
    expect(parseAccount(debtAccount('7', 'USDT', 'margin'))).toEqual({
      kind: 'debt',
      user: '7',
      wallet: 'margin',
      asset: 'USDT',
    });
    expect(parseAccount(marketMakingAccount('mm.btcusdt', 'BTC', 'available'))).toEqual({
      kind: 'market_making',
      maker: 'btcusdt',
      part: 'available',
      asset: 'BTC',
    });
  });

  it('keeps a market-making owner out of the user wallets', () => {
    expect(ownerAccount('mm.btcusdt', 'BTC', 'available')).toBe('m:btcusdt:a:BTC');
    expect(ownerAccount('12345678', 'BTC', 'available')).toBe('u:12345678:1:a:BTC');
  });

  it('no sequence of postings breaks a class rule; a refused posting changes nothing', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 60 }), (moves) => {
        const ledger = new Ledger();
        for (const { from, to, amount } of moves) {
          if (from === to) continue;
          const before = [ledger.balance(from), ledger.balance(to)];
          try {
            ledger.post(from, to, amount, 'adjustment', ref);
          } catch (error) {
            if (error instanceof InsufficientBalanceError) {
              expect(balanceRule(from)).toBe('floor');
              expect(before[0]! < amount).toBe(true);
            } else {
              expect(error).toBeInstanceOf(OverpaymentError);
              expect(balanceRule(to)).toBe('ceiling');
              expect(before[1]! + amount > 0n).toBe(true);
            }
            expect([ledger.balance(from), ledger.balance(to)]).toEqual(before);
          }
        }
        for (const [account, balance] of ledger.entries()) {
          expect(keepsRule(account, balance)).toBe(true);
        }
        // The postings made rebuild the balances, sum to zero, and break no class rule.
        expect(verifyLedger(ledger.drain(), ledger.entries())).toEqual([]);
      }),
    );
  });

  it('totals by class count market making and funds apart from user liabilities', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 60 }), (moves) => {
        const ledger = new Ledger();
        for (const { from, to, amount } of moves) {
          if (from === to) continue;
          try {
            ledger.post(from, to, amount, 'adjustment', ref);
          } catch {
            // refused by a class rule: nothing moved
          }
        }
        const [usdt] = classTotals(ledger.entries());
        if (!usdt) return;
        const sum = (keys: string[]) => keys.reduce((s, k) => s + ledger.balance(k), 0n);
        expect(usdt.totals.user).toBe(sum(WALLETS));
        expect(usdt.totals.debt).toBe(sum(DEBTS));
        expect(usdt.userLiabilities).toBe(sum(WALLETS) + sum(DEBTS));
        const all = Object.values(usdt.totals).reduce((s, v) => s + v, 0n);
        expect(all).toBe(0n);
      }),
    );
  });

  it('verify reports a fund or pool below zero in stored balances and in the postings', () => {
    for (const account of [
      systemAccount('security_fund', ASSET),
      systemAccount('insurance_fund', ASSET),
      systemAccount('fee_revenue', ASSET),
      poolAccount('staking-30d', ASSET),
      marketMakingAccount('mm.btcusdt', ASSET, 'available'),
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

  it('verify reports a debt paid past zero', () => {
    const debt = debtAccount('carol', ASSET, 'margin');
    const wallet = userAccount('carol', ASSET, 'available', 'margin');
    const posting = {
      id: 1,
      asset: ASSET,
      from: FLOAT,
      to: debt,
      amount: 5n,
      reason: 'adjustment' as const,
      refKind: 'adjustment' as const,
      refId: 'x',
      ts: 1,
    };
    expect(
      verifyLedger(
        [posting],
        [
          [debt, 5n],
          [FLOAT, -5n],
          [wallet, 0n],
        ],
      ),
    ).toEqual([
      { kind: 'positive_debt_balance', account: debt, balance: 5n, postingId: 1 },
      { kind: 'positive_debt_balance', account: debt, balance: 5n },
    ]);
  });
});
