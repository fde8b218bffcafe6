import { Alert, Button, Descriptions, Input, Segmented, Select, Skeleton } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RechargeCurrency } from '@meridian/contract/calls/deposits';
import { simulateDeposit } from '@meridian/contract/calls/deposits';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import {
  useDepositAddress,
  useDepositLog,
  useRechargeCurrencies,
  useRefreshDepositLog,
} from '../data/useDeposits.ts';
import { StatusTag } from './StatusTag.tsx';
import { RecentRecharges } from './RecentRecharges.tsx';
import styles from './deposits.module.css';

const POSITIVE_DECIMAL = /^(0|[1-9]\d{0,11})(\.\d{1,18})?$/;

/**
 * Seed `/assets/index?key=recharge` and `/account/wallet/deposit`: choose a coin and a
 * network, see (and copy or scan) the user's own address with the confirmations and
 * minimum that apply, and follow the latest deposits as they gain confirmations.
 */
export function DepositPanel() {
  const { t } = useTranslation('deposits');
  const currencies = useRechargeCurrencies();
  const [coin, setCoin] = useState<string>();
  const [network, setNetwork] = useState<string>();
  const list = currencies.data ?? [];
  const chosen: RechargeCurrency | undefined = list.find((c) => c.coin === coin) ?? list[0];
  const chosenNetwork = chosen?.networks.find((n) => n.network === network) ?? chosen?.networks[0];

  if (currencies.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (currencies.isError) {
    return (
      <LoadFailed
        title={t('currenciesFailed')}
        onRetry={() => void currencies.refetch()}
        retrying={currencies.isFetching}
      />
    );
  }
  if (!chosen || !chosenNetwork) return <EmptyState description={t('noCoins')} />;

  return (
    <div className={styles.panel}>
      <div className={styles.column}>
        <label className={styles.field}>
          <span className={styles.label}>{t('coin')}</span>
          <Select
            aria-label={t('coin')}
            value={chosen.coin}
            showSearch
            optionFilterProp="label"
            onChange={(value: string) => {
              setCoin(value);
              setNetwork(undefined);
            }}
            options={list.map((c) => ({ value: c.coin, label: `${c.coin} · ${c.name}` }))}
          />
        </label>
        <div className={styles.field}>
          <span className={styles.label}>{t('network')}</span>
          <Segmented
            block
            value={chosenNetwork.network}
            onChange={(value) => setNetwork(String(value))}
            options={chosen.networks.map((n) => ({ value: n.network, label: n.name }))}
          />
        </div>
        <AddressCard coin={chosen.coin} network={chosenNetwork.network} />
        <Descriptions column={1} size="small" className={styles.facts}>
          <Descriptions.Item label={t('confirmationsNeeded')}>
            {chosenNetwork.confirmations}
          </Descriptions.Item>
          <Descriptions.Item label={t('minimum')}>
            {chosenNetwork.minDeposit ? `${chosenNetwork.minDeposit} ${chosen.coin}` : t('none')}
          </Descriptions.Item>
        </Descriptions>
        <Alert
          type="warning"
          showIcon
          title={t('warning', { coin: chosen.coin, network: chosenNetwork.name })}
        />
        <DemoDeposit coin={chosen.coin} network={chosenNetwork.network} />
      </div>
      <div className={styles.column}>
        <RecentDeposits />
      </div>
    </div>
  );
}

function AddressCard({ coin, network }: { coin: string; network: string }) {
  const { t } = useTranslation('deposits');
  const address = useDepositAddress(coin, network);
  if (address.isPending) return <Skeleton.Node active style={{ width: '100%', height: 176 }} />;
  if (address.isError) {
    return (
      <LoadFailed
        title={t('addressFailed')}
        onRetry={() => void address.refetch()}
        retrying={address.isFetching}
      />
    );
  }
  const { address: text } = address.data;
  return (
    <div className={styles.addressCard}>
      <div className={styles.qr}>
        <QRCodeSVG value={text} size={144} title={t('qrLabel')} />
      </div>
      <div className={styles.field}>
        <span className={styles.label}>{t('address')}</span>
        <span className={styles.address} data-testid="deposit-address">
          {text}
          <CopyButton value={text} label={t('copyAddress')} />
        </span>
      </div>
    </div>
  );
}

/** Demo deployments only: the simulated chain sends a deposit to the user's own address. */
function DemoDeposit({ coin, network }: { coin: string; network: string }) {
  const { t } = useTranslation('deposits');
  const { api, config } = usePlatform();
  const refresh = useRefreshDepositLog();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  if (!config.demoMode) return null;
  const valid = POSITIVE_DECIMAL.test(amount) && /[1-9]/.test(amount);
  async function send() {
    setBusy(true);
    try {
      await api(simulateDeposit, { body: { coin, network, amount } });
      notifier.notify('success', t('demoSent'));
      setAmount('');
      await refresh();
    } catch {
      // Shown by the request rules, in the user's language.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Alert
      type="info"
      title={t('demoTitle')}
      description={
        <div className={styles.field}>
          <span>{t('demoText')}</span>
          <Input
            inputMode="decimal"
            value={amount}
            placeholder={t('demoAmount')}
            aria-label={t('demoAmount')}
            suffix={coin}
            status={amount !== '' && !valid ? 'error' : undefined}
            onChange={(e) => setAmount(e.target.value.trim())}
          />
          <Button type="primary" disabled={!valid} loading={busy} onClick={() => void send()}>
            {t('demoSend')}
          </Button>
        </div>
      }
    />
  );
}

function RecentDeposits() {
  const { t } = useTranslation('deposits');
  const formatTime = useFormatTime();
  const log = useDepositLog(1, 5);
  return (
    <RecentRecharges
      label={t('recent')}
      empty={t('noDeposits')}
      log={log}
      row={(record) => (
        <li key={record.id} className={styles.recentRow}>
          <span>
            <Exact value={record.amount} unit={record.coin} />
            <br />
            <span className={styles.label}>
              {record.way === 'chain' ? record.network : t('way.bank')} ·{' '}
              {formatTime(record.createTime)}
            </span>
          </span>
          <StatusTag record={record} />
        </li>
      )}
    />
  );
}
