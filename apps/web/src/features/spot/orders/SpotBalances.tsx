import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSpotWallet } from '../data/spot-queries.ts';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import styles from './orders.module.css';
import ui from '../../../shared/ui/market.module.css';
import { Amount } from '../../../shared/ui/numbers.tsx';

/** The market's base and quote coins in the spot wallet: available and held by orders. */
export function SpotBalances({ symbol }: { symbol: string }) {
  const { t } = useTranslation('spot');
  const wallet = useSpotWallet(symbol);
  if (wallet.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (wallet.isError)
    return <LoadFailed title={t('orders.loadFailed')} onRetry={() => void wallet.refetch()} />;
  const rows = [wallet.data.base, wallet.data.quote];
  return (
    <div className={styles.ordersScroll} data-testid="balances">
      <table className={`${ui.dataTable} ${styles.ordersBalances}`}>
        <thead>
          <tr>
            <th>{t('orders.col.coin')}</th>
            <th className="num">{t('orders.col.available')}</th>
            <th className="num">{t('orders.col.held')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.coin} data-coin={row.coin}>
              <td className={styles.ordersCoin}>{row.coin.toUpperCase()}</td>
              <td className="num">
                <Amount value={row.available} />
              </td>
              <td className="num">
                <Amount value={row.held} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
