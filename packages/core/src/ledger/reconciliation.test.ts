import { describe, expect, it } from 'vitest';
import {
  debtAccount,
  marketMakingAccount,
  poolAccount,
  systemAccount,
  userAccount,
} from './accounts.ts';
import { Ledger } from './ledger.ts';
import { reconcile, reconciliationClassOf } from './reconciliation.ts';

const ref = { refKind: 'deposit' as const, refId: 'r', ts: 1 };

describe('custody reconciliation', () => {
  it('puts every kind of account in its class', () => {
    expect(reconciliationClassOf(userAccount('7', 'USDT', 'held', 'contract'))).toBe('users');
    expect(reconciliationClassOf(debtAccount('7', 'USDT', 'margin'))).toBe('userDebts');
    expect(reconciliationClassOf(poolAccount('withdrawals', 'USDT'))).toBe('pendingWithdrawals');
    expect(reconciliationClassOf(poolAccount('swap', 'USDT'))).toBe('productPools');
    expect(reconciliationClassOf(marketMakingAccount('mm.1', 'USDT', 'available'))).toBe(
      'marketMaking',
    );
    expect(reconciliationClassOf(systemAccount('fee_revenue', 'USDT'))).toBe('feeRevenue');
    expect(reconciliationClassOf(systemAccount('custody', 'USDT'))).toBe('custody');
    expect(reconciliationClassOf(systemAccount('bank_receipts', 'USDT'))).toBe('bankReceipts');
    expect(reconciliationClassOf(systemAccount('platform_float', 'USDT'))).toBe('float');
    expect(reconciliationClassOf(systemAccount('operator_capital', 'USDT'))).toBe(
      'operatorCapital',
    );
  });

  it('a chain deposit, a withdrawal on hold and one sent: custody covers exactly', () => {
    const ledger = new Ledger();
    const custody = systemAccount('custody', 'USDT');
    const alice = userAccount('1', 'USDT', 'available');
    const pool = poolAccount('withdrawals', 'USDT');
    // 1000 in from the chain; 105 held for a withdrawal (100 + 5 fee); another 55 sent.
    ledger.post(custody, alice, 1000n, 'deposit', ref);
    ledger.post(alice, pool, 105n, 'withdrawal', ref);
    ledger.post(alice, pool, 55n, 'withdrawal', ref);
    ledger.post(pool, custody, 50n, 'withdrawal', ref);
    ledger.post(pool, systemAccount('fee_revenue', 'USDT'), 5n, 'fee', ref);

    const [usdt] = reconcile(ledger.entries());
    expect(usdt).toMatchObject({
      asset: 'USDT',
      sum: 0n,
      userLiabilities: 840n + 105n,
      custodyHeld: 950n,
      shortfall: 0n,
    });
    expect(usdt!.classes).toMatchObject({
      users: 840n,
      pendingWithdrawals: 105n,
      feeRevenue: 5n,
      custody: -950n,
    });
  });

  it('money brought in from the float or a bank is not in custody: a shortfall', () => {
    const ledger = new Ledger();
    ledger.post(
      systemAccount('platform_float', 'BTC'),
      userAccount('1', 'BTC', 'available'),
      300n,
      'deposit',
      ref,
    );
    ledger.post(
      systemAccount('custody', 'BTC'),
      userAccount('2', 'BTC', 'available', 'contract'),
      200n,
      'deposit',
      ref,
    );
    ledger.post(
      systemAccount('bank_receipts', 'USDT'),
      userAccount('2', 'USDT', 'available'),
      70n,
      'deposit',
      ref,
    );
    const [btc, usdt] = reconcile(ledger.entries());
    expect(btc).toMatchObject({ asset: 'BTC', userLiabilities: 500n, custodyHeld: 200n });
    expect(btc!.shortfall).toBe(300n);
    expect(btc!.classes.float).toBe(-300n);
    expect(usdt).toMatchObject({ asset: 'USDT', custodyHeld: 0n, shortfall: 70n, sum: 0n });
    expect(usdt!.classes.bankReceipts).toBe(-70n);
  });

  it('debts lower what users are owed; market making is the operator’s, not theirs', () => {
    const ledger = new Ledger();
    ledger.post(
      systemAccount('custody', 'ETH'),
      userAccount('1', 'ETH', 'available', 'margin'),
      100n,
      'deposit',
      ref,
    );
    // A borrow: 40 from the user's debt account (now -40) into their margin wallet.
    ledger.post(
      systemAccount('operator_capital', 'ETH'),
      marketMakingAccount('mm.1', 'ETH', 'available'),
      1000n,
      'deposit',
      ref,
    );
    ledger.post(
      debtAccount('1', 'ETH', 'margin'),
      userAccount('1', 'ETH', 'available', 'margin'),
      40n,
      'product',
      ref,
    );
    const [eth] = reconcile(ledger.entries());
    expect(eth!.classes).toMatchObject({
      users: 140n,
      userDebts: -40n,
      marketMaking: 1000n,
      operatorCapital: -1000n,
      custody: -100n,
    });
    expect(eth).toMatchObject({ userLiabilities: 100n, custodyHeld: 100n, shortfall: 0n, sum: 0n });
  });

  it('reports a sum that is not zero rather than hiding it', () => {
    const [coin] = reconcile([
      [userAccount('1', 'BNB', 'available'), 10n],
      [systemAccount('custody', 'BNB'), -9n],
    ]);
    expect(coin!.sum).toBe(1n);
    expect(coin!.shortfall).toBe(1n);
  });

  it('lists coins in name order, and nothing for an empty ledger', () => {
    expect(reconcile([])).toEqual([]);
    const coins = reconcile([
      [userAccount('1', 'USDT', 'available'), 1n],
      [systemAccount('custody', 'USDT'), -1n],
      [userAccount('1', 'BTC', 'available'), 1n],
      [systemAccount('custody', 'BTC'), -1n],
    ]);
    expect(coins.map((c) => c.asset)).toEqual(['BTC', 'USDT']);
  });
});
