import type { CustodyClass, CustodyCoin } from '@meridian/contract/calls/custody';

/**
 * The reconciliation's columns in reading order: what is owed to users, then what backs
 * it, then the platform's own accounts and the other mirrors. Together they sum to zero.
 */
export const COLUMN_GROUPS: ReadonlyArray<{ group: string; classes: readonly CustodyClass[] }> = [
  { group: 'owed', classes: ['users', 'userDebts', 'pendingWithdrawals'] },
  {
    group: 'platform',
    classes: [
      'productPools',
      'marketMaking',
      'feeRevenue',
      'securityFund',
      'insuranceFund',
      'marginLending',
      'marginReceivable',
      'marginInsurance',
    ],
  },
  {
    group: 'mirrors',
    classes: ['custody', 'bankReceipts', 'float', 'operatorCapital', 'perpSettlement'],
  },
];

/** What a coin's row says first: it does not sum to zero, custody is short, or it covers. */
export type Verdict = 'unbalanced' | 'short' | 'covered';

export function verdictOf(coin: Pick<CustodyCoin, 'balanced' | 'covered'>): Verdict {
  if (!coin.balanced) return 'unbalanced';
  return coin.covered ? 'covered' : 'short';
}

/** The coins needing attention first (unbalanced, then short), each group in name order. */
export function attentionFirst(coins: readonly CustodyCoin[]): CustodyCoin[] {
  const rank: Record<Verdict, number> = { unbalanced: 0, short: 1, covered: 2 };
  return [...coins].sort(
    (a, b) =>
      rank[verdictOf(a)] - rank[verdictOf(b)] || (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0),
  );
}
