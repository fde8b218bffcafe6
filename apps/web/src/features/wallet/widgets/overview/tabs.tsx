import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../shared/router/index.tsx';
import type { WalletSummary, WalletType } from '@meridian/contract/calls/wallet';
import { Amount, Fiat } from '../../../../shared/ui/numbers.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { coinTotals, visibleCoins, WALLET_NAMES, WALLET_TYPES } from '../../model/overview.ts';
import type { AssetsTabKey } from '../../tabs.ts';
import styles from '../wallet.module.css';
import { CoinTable, TabLinks, TotalFigure, useShowAll, WithAccount } from './parts.tsx';

/** The asset centre's tab that shows each wallet in detail. */
const DETAIL_TAB: Record<WalletType, AssetsTabKey | null> = {
  '1': null,
  '2': 'agreement',
  '3': 'finance',
};

function WalletCard({ wallet }: { wallet: WalletSummary }) {
  const { t } = useTranslation('wallet');
  const detail = DETAIL_TAB[wallet.type];
  return (
    <Panel title={t(`wallets.${WALLET_NAMES[wallet.type]}`)}>
      <div className={styles.card} data-wallet={wallet.type}>
        <span className={styles.cardValue}>
          <Fiat value={wallet.totalUsdt} />
        </span>
        <span className={styles.muted}>
          <Amount value={wallet.totalUsdt} unit="USDT" />
        </span>
        <div className={styles.cardLinks}>
          <Link to={detail ? `/assets/index?key=${detail}` : '/account/wallet/assets'}>
            {t('details')}
          </Link>
          <Link to={`/assets/index?key=transfer&from=${wallet.type}`}>{t('transferOut')}</Link>
        </div>
      </div>
    </Panel>
  );
}

/**
 * `/assets/index?key=overview`: the total of every wallet in the display currency, a
 * card per wallet, and every coin summed across them.
 */
export function OverviewTab() {
  const { t } = useTranslation('wallet');
  const [showAll] = useShowAll();
  return (
    <WithAccount>
      {(account) => (
        <div className={styles.stack}>
          <Panel title={t('overview.title')}>
            <div className={styles.total}>
              <TotalFigure label={t('overview.total')} usdt={account.totalUsdt} />
              <div className={styles.actions}>
                <TabLinks keys={['recharge', 'withdraw', 'transfer']} primary="recharge" />
              </div>
            </div>
          </Panel>
          <div className={styles.cards}>
            {account.wallets.map((wallet) => (
              <WalletCard key={wallet.type} wallet={wallet} />
            ))}
          </div>
          <CoinTable title={t('coins')} rows={visibleCoins(coinTotals(account.wallets), showAll)} />
        </div>
      )}
    </WithAccount>
  );
}

/** One wallet: its total, a way to move money in or out, and its coins. */
function WalletTab({ type }: { type: WalletType }) {
  const { t } = useTranslation('wallet');
  const [showAll] = useShowAll();
  return (
    <WithAccount>
      {(account) => {
        const wallet = account.wallets.find((w) => w.type === type)!;
        const name = t(`wallets.${WALLET_NAMES[type]}`);
        return (
          <div className={styles.stack} data-wallet={type}>
            <Panel title={name}>
              <div className={styles.total}>
                <TotalFigure label={t('walletTotal', { wallet: name })} usdt={wallet.totalUsdt} />
                <div className={styles.actions}>
                  <TabLinks keys={['transfer']} search={`&to=${type}`} primary="transfer" />
                </div>
              </div>
            </Panel>
            <CoinTable title={t('coins')} rows={visibleCoins(wallet.coins, showAll)} />
          </div>
        );
      }}
    </WithAccount>
  );
}

/** `?key=finance`: the finance wallet (products will spend from it). */
export function FinanceWalletTab() {
  return <WalletTab type="3" />;
}

/** `?key=agreement`: the contract wallet (contracts will margin from it). */
export function ContractWalletTab() {
  return <WalletTab type="2" />;
}

/** `/account/wallet/assets`: one wallet at a time, spot first. */
export function AssetListTab() {
  const { t } = useTranslation('wallet');
  const [type, setType] = useState<WalletType>('1');
  const [showAll] = useShowAll();
  return (
    <WithAccount>
      {(account) => {
        const wallet = account.wallets.find((w) => w.type === type)!;
        return (
          <div className={styles.stack}>
            <div className={styles.total}>
              <Segmented<WalletType>
                value={type}
                onChange={setType}
                options={WALLET_TYPES.map((value) => ({
                  value,
                  label: t(`wallets.${WALLET_NAMES[value]}`),
                }))}
              />
              <div className={styles.actions}>
                <TabLinks keys={['transfer']} search={`&from=${type}`} />
              </div>
            </div>
            <Panel title={t('walletTotal', { wallet: t(`wallets.${WALLET_NAMES[type]}`) })}>
              <TotalFigure label={t('overview.total')} usdt={wallet.totalUsdt} />
            </Panel>
            <CoinTable title={t('coins')} rows={visibleCoins(wallet.coins, showAll)} />
          </div>
        );
      }}
    </WithAccount>
  );
}
