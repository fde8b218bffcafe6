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
import { localizeDigits } from '@meridian/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import {
  assetsWithdrawal,
  BANK_NETWORK,
  type WithdrawalInfo,
  type WithdrawalRule,
  type WithdrawalWay,
} from '@meridian/contract/calls/withdrawals';
import type { BankCard } from '@meridian/contract/calls/verification';
import type { UseQueryResult } from '@tanstack/react-query';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Exact, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { sealWithdrawal } from '../data/seal.ts';
import {
  useBoundBankCard,
  useRefreshWithdrawals,
  useWithdrawalInfo,
} from '../data/useWithdrawals.ts';
import { checkAmount, splitRules } from '../data/withdraw-form.ts';
import styles from './withdrawals.module.css';

/**
 * Seed `/assets/index?key=withdraw` and `/account/wallet/withdrawal`: the way (an on-chain
 * address, or the bound bank card), coin, network and address for the first, amount, fund
 * password (and the authenticator code when bound), with the fee, what arrives, the
 * minimum and what is left today shown before a confirmation.
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
  const locale = useNumberLocale();
  const refresh = useRefreshWithdrawals();
  const [coin, setCoin] = useState<string>();
  const [wayChosen, setWay] = useState<WithdrawalWay>('address');
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
  const { chains, bank } = splitRules(chosen.networks);
  // A coin without a bank rule has only the address way; one without chains only the bank.
  const way: WithdrawalWay = !bank ? 'address' : chains.length === 0 ? 'bank' : wayChosen;
  const card = useBoundBankCard(way === 'bank');
  const rule: WithdrawalRule =
    way === 'bank' ? bank! : (chains.find((n) => n.network === network) ?? chains[0]!);
  const check = checkAmount(amount, rule, chosen.available, chosen.leftToday);
  const blocked = info.frozen || info.blockedUntil !== null || !info.fundPasswordSet;
  const codeOk = !info.totpBound || /^\d{6}$/.test(googleCode);
  const destinationOk = way === 'bank' ? Boolean(card.data) : address.trim() !== '';
  const ready =
    !blocked && check.problem === null && destinationOk && fundPassword !== '' && codeOk;

  async function submit() {
    setBusy(true);
    try {
      const sealed = await sealWithdrawal(api, {
        way,
        coin: chosen.coin,
        ...(way === 'address' ? { network: rule.network, address: address.trim() } : {}),
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
          <span className={styles.label} id="withdraw-way">
            {t('way')}
          </span>
          <Segmented<WithdrawalWay>
            block
            aria-labelledby="withdraw-way"
            value={way}
            onChange={setWay}
            options={[
              { value: 'address', label: t('wayAddress'), disabled: chains.length === 0 },
              { value: 'bank', label: t('wayBank'), disabled: !bank },
            ]}
          />
          {!bank && <span className={styles.hint}>{t('noBankWay', { coin: chosen.coin })}</span>}
        </div>
        {way === 'address' ? (
          <>
            <div className={styles.field}>
              <span className={styles.label}>{t('network')}</span>
              <Segmented
                block
                value={rule.network}
                onChange={(value) => setNetwork(String(value))}
                options={chains.map((n) => ({ value: n.network, label: n.network }))}
              />
            </div>
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
          </>
        ) : (
          <BankCardField card={card} />
        )}
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
            {t('availableLine', {
              available: localizeDigits(chosen.available, locale),
              coin: chosen.coin,
            })}
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
            <Exact value={rule.fee} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('arrival')}>
            <Exact value={check.arrival} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('total')}>
            <Exact value={check.total} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('minimum')}>
            <Exact value={rule.minAmount} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('leftToday')}>
            <Exact value={chosen.leftToday} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('reviewFrom')}>
            <Exact value={rule.reviewThreshold} unit={chosen.coin} />
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
            {way === 'bank' ? chosen.coin : `${chosen.coin} · ${rule.network}`}
          </Descriptions.Item>
          {way === 'bank' ? (
            <Descriptions.Item label={t('bankCard')}>
              <span className={styles.mono}>{card.data?.cardNumber}</span>
              {card.data && ` · ${card.data.bankName}`}
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('address')}>
              <span className={styles.mono}>{address.trim()}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('arrival')}>
            <Exact value={check.arrival} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fee')}>
            <Exact value={rule.fee} unit={chosen.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('total')}>
            <Exact value={check.total} unit={chosen.coin} />
          </Descriptions.Item>
        </Descriptions>
        <Alert
          type="warning"
          showIcon
          title={
            way === 'bank'
              ? t('confirmBankWarning')
              : t('confirmWarning', { network: rule.network })
          }
        />
      </Modal>
    </div>
  );
}

/**
 * Where the bank way pays: the bound card, masked; none bound, the way to bind one (the
 * account centre's bank card page).
 */
function BankCardField({ card }: { card: UseQueryResult<BankCard | null> }) {
  const { t } = useTranslation('withdrawals');
  if (card.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (card.isError) {
    return (
      <LoadFailed
        title={t('cardFailed')}
        onRetry={() => void card.refetch()}
        retrying={card.isFetching}
      />
    );
  }
  if (!card.data) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('noBankCard')}
        action={
          <Link to="/user/index?key=bank">
            <Button size="small">{t('bindBankCard')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.field}>
      <span className={styles.label}>{t('bankCard')}</span>
      <span>
        <span className={styles.mono}>{card.data.cardNumber}</span> · {card.data.bankName}
      </span>
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
          {
            key: 'network',
            title: t('network'),
            dataIndex: 'network',
            render: (v: string) => (v === BANK_NETWORK ? t('bankCard') : v),
          },
          ...(['fee', 'minAmount', 'dailyLimit'] as const).map((field) => ({
            key: field,
            title: t(field === 'fee' ? 'fee' : field === 'minAmount' ? 'minimum' : 'dailyLimit'),
            dataIndex: field,
            align: 'right' as const,
            render: (v: string) => <Exact value={v} />,
          })),
        ]}
      />
      <span className={styles.hint}>{t('rulesNote')}</span>
    </div>
  );
}
