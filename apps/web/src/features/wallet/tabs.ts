import type { ComponentType } from 'react';

/**
 * The wallet pages' tabs, as an explicit registry: the frame (`frame/TabbedPage.tsx`)
 * draws exactly the entries listed here, in this order, so a tab whose feature does not
 * exist yet is simply absent, never a dead tab, and a `?key=` naming it opens the first
 * tab instead. The header's asset dropdown is derived from the same entries (`menu`), so
 * it never leads to a missing tab either.
 *
 * Another feature adds its tab by adding one entry here that loads its component lazily
 * from that feature's `index.ts`, e.g.
 *
 *   { key: 'recharge', namespace: 'deposits', label: 'tabs.recharge', menu: 'menu.recharge',
 *     load: async () => (await import('../deposits/index.ts')).RechargeTab },
 *
 * The entry's namespace is loaded with the page (its label is drawn at once); the tab's
 * module only when the tab is first opened.
 */

/** `/assets/index?key=` (seed section 2). */
export type AssetsTabKey =
  | 'overview'
  | 'finance'
  | 'agreement'
  | 'recharge'
  | 'withdraw'
  | 'swap'
  | 'transfer'
  | 'tradeOrder'
  | 'records';

/** `/account/wallet/<key>` (seed section 2). */
export type WalletTabKey =
  'assets' | 'deposit' | 'withdrawal' | 'history-deposit' | 'history-withdrawal' | 'bills';

export interface TabEntry<K extends string = string> {
  key: K;
  /** The i18n namespace of the label (and of the tab's own messages); loaded with the page. */
  namespace: string;
  /** The label's key in `namespace`. */
  label: string;
  /** The tab's content, fetched when the tab is first shown. */
  load: () => Promise<ComponentType>;
  /**
   * The label (namespace `common`) of the header's asset dropdown entry opening this tab,
   * if it has one.
   */
  menu?: string;
}

const wallet = async () => import('./widgets/tab-modules.ts');

/** `/assets/index`: the asset centre. */
export const ASSETS_TABS: readonly TabEntry<AssetsTabKey>[] = [
  {
    key: 'overview',
    namespace: 'wallet',
    label: 'tabs.overview',
    menu: 'menu.myAssets',
    load: async () => (await wallet()).OverviewTab,
  },
  {
    key: 'finance',
    namespace: 'wallet',
    label: 'tabs.finance',
    menu: 'menu.financeAssets',
    load: async () => (await wallet()).FinanceWalletTab,
  },
  {
    key: 'agreement',
    namespace: 'wallet',
    label: 'tabs.agreement',
    menu: 'menu.contractAssets',
    load: async () => (await wallet()).ContractWalletTab,
  },
  {
    key: 'recharge',
    namespace: 'deposits',
    label: 'tabs.recharge',
    menu: 'menu.recharge',
    load: async () => (await import('../deposits/index.ts')).RechargeTab,
  },
  {
    key: 'withdraw',
    namespace: 'withdrawals',
    label: 'tabs.withdraw',
    menu: 'menu.withdraw',
    load: async () => (await import('../withdrawals/index.ts')).WithdrawTab,
  },
  {
    key: 'swap',
    namespace: 'swap',
    label: 'tabs.swap',
    menu: 'menu.swap',
    load: async () => (await import('../swap/index.ts')).SwapTab,
  },
  {
    key: 'transfer',
    namespace: 'wallet',
    label: 'tabs.transfer',
    menu: 'menu.fundTransfer',
    load: async () => (await wallet()).TransferTab,
  },
  {
    key: 'records',
    namespace: 'wallet',
    label: 'tabs.records',
    menu: 'menu.assetDetails',
    load: async () => (await wallet()).BillsTab,
  },
];

/** `/account/wallet/<key>`: the account centre's wallet. */
export const WALLET_TABS: readonly TabEntry<WalletTabKey>[] = [
  {
    key: 'assets',
    namespace: 'wallet',
    label: 'tabs.assets',
    load: async () => (await wallet()).AssetListTab,
  },
  {
    key: 'deposit',
    namespace: 'deposits',
    label: 'tabs.deposit',
    load: async () => (await import('../deposits/index.ts')).DepositTab,
  },
  {
    key: 'withdrawal',
    namespace: 'withdrawals',
    label: 'tabs.withdrawal',
    load: async () => (await import('../withdrawals/index.ts')).WithdrawalTab,
  },
  {
    key: 'history-deposit',
    namespace: 'deposits',
    label: 'tabs.historyDeposit',
    load: async () => (await import('../deposits/index.ts')).DepositHistoryTab,
  },
  {
    key: 'history-withdrawal',
    namespace: 'withdrawals',
    label: 'tabs.historyWithdrawal',
    load: async () => (await import('../withdrawals/index.ts')).WithdrawalHistoryTab,
  },
  {
    key: 'bills',
    namespace: 'wallet',
    label: 'tabs.bills',
    load: async () => (await wallet()).BillsTab,
  },
];

/** The namespaces a page of these tabs renders: its own and every tab's label's. */
export function tabNamespaces(tabs: readonly TabEntry[]): string[] {
  return [...new Set(['wallet', ...tabs.map((t) => t.namespace)])];
}

/** The tab a key opens: its own, or the first one when the key names no tab here. */
export function tabFor<K extends string>(tabs: readonly TabEntry<K>[], key: string | null) {
  return tabs.find((t) => t.key === key) ?? tabs[0]!;
}
