import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRechargeBanks } from '../data/useBankRecharges.ts';
import { BankRechargePanel } from './BankRechargePanel.tsx';
import { DepositPanel } from './DepositPanel.tsx';
import styles from './deposits.module.css';

type Way = 'chain' | 'bank';

/**
 * The recharge page's ways: on-chain always, bank transfer beside it only when a coin
 * has a receiving account (otherwise the choice is not shown at all).
 */
export function RechargeWays() {
  const { t } = useTranslation('deposits');
  const banks = useRechargeBanks();
  const [way, setWay] = useState<Way>('chain');
  const offered = banks.data ?? [];
  // One tree whether or not the choice shows, so the on-chain panel is not mounted again
  // when the bank coins arrive.
  return (
    <div>
      {offered.length > 0 && (
        <Segmented<Way>
          className={styles.ways}
          value={way}
          onChange={setWay}
          options={[
            { value: 'chain', label: t('way.chain') },
            { value: 'bank', label: t('way.bank') },
          ]}
        />
      )}
      {way === 'bank' && offered.length > 0 ? (
        <BankRechargePanel banks={offered} />
      ) : (
        <DepositPanel />
      )}
    </div>
  );
}
