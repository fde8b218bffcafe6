import { Button, Skeleton, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../shared/router/index.tsx';
import { useSettings } from '../../../../shared/settings/store.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { Amount, Fiat } from '../../../../shared/ui/numbers.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import ui from '../../../../shared/ui/market.module.css';
import { ASSETS_TABS, type AssetsTabKey } from '../../tabs.ts';
import { useWalletAccount } from '../../model/queries.ts';
import styles from '../wallet.module.css';

/** The seed's showAllAssets setting, kept with the other settings. */
export function useShowAll(): [boolean, (showAll: boolean) => void] {
  const display = useSettings((s) => s.assetDisplay);
  const save = useSettings((s) => s.save);
  return [
    display.showAllAssets,
    (showAll) => save('assetDisplay', { ...display, showAllAssets: showAll }),
  ];
}

export function HideZeroSwitch() {
  const { t } = useTranslation('wallet');
  const [showAll, setShowAll] = useShowAll();
  return (
    <label className={styles.tableHead}>
      <Switch size="small" checked={!showAll} onChange={(hide) => setShowAll(!hide)} />
      {t('hideZero')}
    </label>
  );
}

/**
 * Links to other tabs of the asset centre, only to those that exist (a deposit tab only
 * once the deposits feature provides it), each labelled as its tab is.
 */
export function TabLinks({
  keys,
  search = '',
  primary,
}: {
  keys: readonly AssetsTabKey[];
  search?: string;
  primary?: AssetsTabKey;
}) {
  const { t } = useTranslation();
  return (
    <>
      {keys.flatMap((key) => {
        const tab = ASSETS_TABS.find((entry) => entry.key === key);
        if (!tab) return [];
        return [
          <Link key={key} to={`/assets/index?key=${key}${search}`}>
            <Button type={key === primary ? 'primary' : 'default'}>
              {t(tab.label, { ns: tab.namespace })}
            </Button>
          </Link>,
        ];
      })}
    </>
  );
}

/** The wallet's data, or its designed loading and error states in its place. */
export function WithAccount({
  children,
}: {
  children: (account: NonNullable<ReturnType<typeof useWalletAccount>['data']>) => ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const account = useWalletAccount();
  if (account.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className={styles.stack}>
        <LoadFailed
          title={t('loadFailed')}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      </div>
    );
  }
  return <>{children(account.data)}</>;
}

/** A total in the display currency (converted from USDT), with the USDT figure under it. */
export function TotalFigure({ label, usdt }: { label: string; usdt: string }) {
  return (
    <div>
      <div className={styles.totalLabel}>{label}</div>
      <div className={styles.totalValue} data-testid="wallet-total">
        <Fiat value={usdt} />
      </div>
      <div className={styles.totalUsdt}>
        <Amount value={usdt} unit="USDT" />
      </div>
    </div>
  );
}

export interface CoinRow {
  coin: string;
  available: string;
  held: string;
  valueUsdt: string | null;
}

/** Coins with what is available, what open orders hold, and their worth. */
export function CoinTable({
  title,
  rows,
  extra,
}: {
  title: ReactNode;
  rows: readonly CoinRow[];
  extra?: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Panel title={title} extra={extra ?? <HideZeroSwitch />}>
      {rows.length === 0 ? (
        <EmptyState description={t('noBalances')}>
          <div className={styles.actions} style={{ justifyContent: 'center' }}>
            <TabLinks keys={['recharge']} primary="recharge" />
          </div>
        </EmptyState>
      ) : (
        <div className={styles.scroll}>
          <table className={ui.dataTable} data-testid="coin-table">
            <thead>
              <tr>
                <th>{t('col.coin')}</th>
                <th className={styles.right}>{t('col.available')}</th>
                <th className={styles.right}>{t('col.held')}</th>
                <th className={styles.right}>{t('col.value')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.coin} data-coin={row.coin}>
                  <td className={styles.coin}>{row.coin}</td>
                  <td className={`num ${styles.right}`}>
                    <Amount value={row.available} />
                  </td>
                  <td className={`num ${styles.right}`}>
                    <Amount value={row.held} />
                  </td>
                  <td className={`num ${styles.right}`}>
                    {row.valueUsdt === null ? (
                      <span className={styles.muted}>{t('noPrice')}</span>
                    ) : (
                      <Fiat value={row.valueUsdt} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
