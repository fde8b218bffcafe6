import {
  Alert,
  Button,
  Descriptions,
  Input,
  Modal,
  Segmented,
  Select,
  Skeleton,
  Table,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  assetsWithdrawal,
  type WithdrawalInfo,
  type WithdrawalRule,
} from '@meridian/contract/calls/withdrawals';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { sealWithdrawal } from '../data/seal.ts';
import { useRefreshWithdrawals, useWithdrawalInfo } from '../data/useWithdrawals.ts';
import { checkAmount } from '../data/withdraw-form.ts';
import styles from './withdrawals.module.css';

/**
 * Seed `/assets/index?key=withdraw` and `/account/wallet/withdrawal`: coin, network,
 * address, amount, fund password (and the authenticator code when bound), with the fee,
 * what arrives, the minimum and what is left today shown before a confirmation. On-chain
 * addresses only.
 */
export function WithdrawForm() {
  const { t } = useTranslation('withdrawals');
  const info = useWithdrawalInfo();
  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError) {
    return (
      <LoadFailed
        title={t('loadFailed')}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  if (info.data.coins.length === 0) return <EmptyState description={t('noCoins')} />;
  return <Form info={info.data} />;
}

function Form({ info }: { info: WithdrawalInfo }) {
  const { t } = useTranslation('withdrawals');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const refresh = useRefreshWithdrawals();
  const [coin, setCoin] = useState<string>();
  const [network, setNetwork] = useState<string>();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [googleCode, setGoogleCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  // One key per confirmation: a retry after a lost answer cannot withdraw twice.
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const chosen = info.coins.find((c) => c.coin === coin) ?? info.coins[0]!;
  const rule: WithdrawalRule =
    chosen.networks.find((n) => n.network === network) ?? chosen.networks[0]!;
  const check = checkAmount(amount, rule, chosen.available, chosen.leftToday);
  const blocked = info.frozen || info.blockedUntil !== null || !info.fundPasswordSet;
  const codeOk = !info.totpBound || /^\d{6}$/.test(googleCode);
  const ready =
    !blocked && check.problem === null && address.trim() !== '' && fundPassword !== '' && codeOk;

  async function submit() {
    setBusy(true);
    try {
      const sealed = await sealWithdrawal(api, {
        coin: chosen.coin,
        network: rule.network,
        address: address.trim(),
        amount,
        fundPassword,
        ...(info.totpBound ? { googleCode } : {}),
      });
      const done = await api(
        assetsWithdrawal,
        { body: sealed },
        {
          headers: { 'Idempotency-Key': key },
        },
      );
      notifier.notify('success', t(done.state === 'review' ? 'submittedReview' : 'submitted'));
      setConfirming(false);
      setAmount('');
      setFundPassword('');
      setGoogleCode('');
      await refresh();
    } catch {
      // Shown by the request rules, in the user's language.
    } finally {
      setBusy(false);
    }
  }

  const problemText =
    amount === '' || check.problem === null
      ? null
      : check.problem === 'belowMinimum'
        ? t('problem.belowMinimum', { min: rule.minAmount, coin: chosen.coin })
        : check.problem === 'overLeft'
          ? t('problem.overLeft', { left: chosen.leftToday, coin: chosen.coin })
          : t(`problem.${check.problem}`);

  return (
    <div className={styles.panel}>
      <div className={styles.column}>
        {info.frozen && <Alert type="error" showIcon title={t('frozen')} />}
        {info.blockedUntil && (
          <Alert
            type="warning"
            showIcon
            title={t('locked', { until: formatTime(info.blockedUntil) })}
          />
        )}
        {!info.fundPasswordSet && (
          <Alert
            type="warning"
            showIcon
            title={t('noFundPassword')}
            action={
              <Link to="/account/setting/trade-pwd">
                <Button size="small">{t('setFundPassword')}</Button>
              </Link>
            }
          />
        )}
        <label className={styles.field}>
          <span className={styles.label}>{t('coin')}</span>
          <Select
            value={chosen.coin}
            showSearch
            optionFilterProp="label"
            aria-label={t('coin')}
            onChange={(value: string) => {
              setCoin(value);
              setNetwork(undefined);
            }}
            options={info.coins.map((c) => ({ value: c.coin, label: c.coin }))}
          />
        </label>
        <div className={styles.field}>
          <span className={styles.label}>{t('network')}</span>
          <Segmented
            block
            value={rule.network}
            onChange={(value) => setNetwork(String(value))}
            options={chosen.networks.map((n) => ({ value: n.network, label: n.network }))}
          />
        </div>
        <label className={styles.field}>
          <span className={styles.label}>{t('way')}</span>
          <span>{t('wayAddress')}</span>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('address')}</span>
          <Input
            value={address}
            spellCheck={false}
            autoComplete="off"
            placeholder={t('addressPlaceholder', { network: rule.network })}
            onChange={(e) => setAddress(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('amount')}</span>
          <Input
            inputMode="decimal"
            value={amount}
            suffix={chosen.coin}
            status={problemText ? 'error' : undefined}
            onChange={(e) => setAmount(e.target.value.trim())}
          />
          <span className={styles.hint}>
            {t('availableLine', { available: chosen.available, coin: chosen.coin })}
          </span>
          {problemText && <span className={styles.error}>{problemText}</span>}
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('fundPassword')}</span>
          <Input.Password
            value={fundPassword}
            autoComplete="off"
            onChange={(e) => setFundPassword(e.target.value)}
          />
        </label>
        {info.totpBound && (
          <label className={styles.field}>
            <span className={styles.label}>{t('googleCode')}</span>
            <Input
              inputMode="numeric"
              maxLength={6}
              value={googleCode}
              autoComplete="one-time-code"
              onChange={(e) => setGoogleCode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
        )}
        <Button
          type="primary"
          block
          disabled={!ready}
          onClick={() => {
            setKey(crypto.randomUUID());
            setConfirming(true);
          }}
        >
          {t('withdraw')}
        </Button>
      </div>
      <div className={styles.column}>
        <Descriptions column={1} size="small" bordered className={styles.facts}>
          <Descriptions.Item label={t('fee')}>
            {rule.fee} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('arrival')}>
            {check.arrival ?? '—'} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('total')}>
            {check.total ?? '—'} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('minimum')}>
            {rule.minAmount} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('leftToday')}>
            {chosen.leftToday} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('reviewFrom')}>
            {rule.reviewThreshold} {chosen.coin}
          </Descriptions.Item>
        </Descriptions>
        <RulesTable coin={chosen.coin} level={info.level} rules={chosen.networks} />
      </div>
      <Modal
        open={confirming}
        title={t('confirmTitle')}
        okText={t('confirm')}
        cancelText={t('back')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('coin')}>
            {chosen.coin} · {rule.network}
          </Descriptions.Item>
          <Descriptions.Item label={t('address')}>
            <span className={styles.mono}>{address.trim()}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('arrival')}>
            {check.arrival} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('fee')}>
            {rule.fee} {chosen.coin}
          </Descriptions.Item>
          <Descriptions.Item label={t('total')}>
            {check.total} {chosen.coin}
          </Descriptions.Item>
        </Descriptions>
        <Alert type="warning" showIcon title={t('confirmWarning', { network: rule.network })} />
      </Modal>
    </div>
  );
}

/** The published rules of the coin at the user's level, one row per network. */
function RulesTable({
  coin,
  level,
  rules,
}: {
  coin: string;
  level: 0 | 1 | 2;
  rules: WithdrawalRule[];
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <div className={styles.field}>
      <span className={styles.label}>{t('rulesTitle', { coin, level: t(`level.${level}`) })}</span>
      <Table<WithdrawalRule>
        className={styles.rules}
        size="small"
        pagination={false}
        rowKey="network"
        dataSource={rules}
        scroll={{ x: true }}
        columns={[
          { key: 'network', title: t('network'), dataIndex: 'network' },
          { key: 'fee', title: t('fee'), dataIndex: 'fee' },
          { key: 'min', title: t('minimum'), dataIndex: 'minAmount' },
          { key: 'daily', title: t('dailyLimit'), dataIndex: 'dailyLimit' },
        ]}
      />
      <span className={styles.hint}>{t('rulesNote')}</span>
    </div>
  );
}
