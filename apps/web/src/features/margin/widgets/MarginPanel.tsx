import { Alert, Button, Segmented, Select, Skeleton, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpotWallet } from '../../spot/data/spot-queries.ts';
import { pairOf } from '../../markets/data/symbols.ts';
import { Amount, Exact } from '../../../shared/ui/numbers.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { readableLevel } from '@meridian/core';
import {
  gaugePercent,
  levelState,
  owed,
  ratePercent,
  repayMax,
  type LevelState,
} from '../data/level.ts';
import {
  coinOf,
  marginKeys,
  scopeOf,
  useCanBorrow,
  useMarginAccount,
  useMarginActions,
  type MarginAccount,
  type MarginMode,
  type MarginScope,
} from '../data/queries.ts';
import { MoneyDialog } from './MoneyDialog.tsx';
import styles from './margin.module.css';

const STATE_CLASS: Record<LevelState, string | undefined> = {
  none: styles.gaugeNone,
  safe: styles.gaugeSafe,
  warning: styles.gaugeWarning,
  danger: styles.gaugeDanger,
};

/**
 * The margin level as a gauge from 1 to 3, with the warning (1.3) and liquidation (1.1)
 * marks. Its colours (blue, amber, violet) say how close liquidation is, never profit or
 * loss; the state is also written out.
 */
export function LevelGauge({ account }: { account: MarginAccount }) {
  const { t } = useTranslation('margin');
  const state = levelState(account.marginLevel, account.warningLevel, account.liquidationLevel);
  const fill = gaugePercent(account.marginLevel);
  return (
    <div className={styles.gauge} data-testid="margin-gauge" data-state={state}>
      <div className={styles.gaugeHead}>
        <span className={styles.muted}>{t('panel.level')}</span>
        <span className={cx(styles.gaugeValue, STATE_CLASS[state])}>
          {account.marginLevel === null ? (
            t('panel.noDebt')
          ) : (
            <>
              {readableLevel(account.marginLevel)} · {t(`panel.state.${state}`)}
            </>
          )}
        </span>
      </div>
      <div
        className={styles.gaugeTrack}
        role="meter"
        aria-label={t('panel.level')}
        aria-valuemin={1}
        aria-valuemax={3}
        aria-valuenow={fill / 50 + 1}
        aria-valuetext={account.marginLevel ?? t('panel.noDebt')}
      >
        <div className={cx(styles.gaugeFill, STATE_CLASS[state])} style={{ width: `${fill}%` }} />
        {[account.liquidationLevel, account.warningLevel].map((mark) => (
          <span
            key={mark}
            className={styles.gaugeMark}
            style={{ left: `${gaugePercent(mark)}%` }}
            aria-hidden
          />
        ))}
      </div>
      <div className={styles.gaugeLegend}>
        <span>{t('panel.liquidationMark', { level: account.liquidationLevel })}</span>
        <span>{t('panel.warningMark', { level: account.warningLevel })}</span>
      </div>
    </div>
  );
}

/** The preborrow quote of the review step: hourly interest, the level before and after. */
function BorrowQuote({
  scope,
  coin,
  amount,
}: {
  scope: MarginScope;
  coin: string;
  amount: string;
}) {
  const { t } = useTranslation('margin');
  const actions = useMarginActions(scope);
  const quote = useQuery({
    queryKey: [...marginKeys.all, 'quote', scope.account, coin, amount],
    queryFn: () => actions.quote(coin, amount),
    retry: false,
  });
  if (quote.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (quote.isError || !quote.data)
    return <Alert type="error" showIcon title={t('dialog.quoteFailed')} />;
  const q = quote.data;
  return (
    <dl className={styles.figures} data-testid="borrow-quote">
      <div>
        <dt>{t('dialog.hourlyRate')}</dt>
        <dd>
          <Exact value={ratePercent(q.hourlyRate)} unit="%" />
        </dd>
      </div>
      <div>
        <dt>{t('dialog.hourlyInterest')}</dt>
        <dd>
          <Exact value={q.hourlyInterest} unit={coin.toUpperCase()} />
        </dd>
      </div>
      <div>
        <dt>{t('dialog.levelBefore')}</dt>
        <dd>
          {q.marginLevelBefore === null ? t('panel.noDebt') : readableLevel(q.marginLevelBefore)}
        </dd>
      </div>
      <div>
        <dt>{t('dialog.levelAfter')}</dt>
        <dd>
          {q.marginLevelAfter === null ? t('panel.noDebt') : readableLevel(q.marginLevelAfter)}
        </dd>
      </div>
    </dl>
  );
}

type Dialog = 'borrow' | 'repay' | 'transfer' | null;

/**
 * The margin part of the order form in cross or isolated mode: the account's coins, the
 * level gauge, what may be borrowed and what is owed, and the Borrow, Repay and Transfer
 * dialogs; in isolated mode the leverage picker.
 */
export function MarginPanel({ mode, symbol }: { mode: MarginMode; symbol: string }) {
  const { t } = useTranslation('margin');
  const scope = scopeOf(mode, symbol);
  const account = useMarginAccount(scope);
  const actions = useMarginActions(scope);
  const [base, quote] = pairOf(symbol);
  const pairCoins = [base, quote];
  const [coin, setCoin] = useState(quote);
  const canBorrow = useCanBorrow(scope, coin);
  const spot = useSpotWallet(symbol);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [leverageBusy, setLeverageBusy] = useState(false);

  if (account.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (account.isError || !account.data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('panel.failed')}
        action={
          <Button size="small" onClick={() => void account.refetch()}>
            {t('panel.retry')}
          </Button>
        }
      />
    );
  const a = account.data;
  const coinRow = (c: string) => coinOf(a, c);
  const row = coinRow(coin);
  const spotSide = (c: string) =>
    spot.data ? (c === base ? spot.data.base : c === quote ? spot.data.quote : null) : null;
  const shown = mode === 'isolated' ? pairCoins : a.coins.map((r) => r.coin.toLowerCase());
  const maxLeverage = Math.max(a.maxLeverage, 2);
  const leverages = Array.from({ length: maxLeverage - 1 }, (_, i) => i + 2);

  const changeLeverage = async (next: number) => {
    setLeverageBusy(true);
    try {
      await actions.leverage(next);
    } catch {
      // The client's popup says why (never below what the debt needs).
    } finally {
      setLeverageBusy(false);
    }
  };

  return (
    <section
      className={styles.panel}
      aria-label={t(`panel.title.${mode}`)}
      data-testid="margin-panel"
    >
      <div className={styles.panelHead}>
        <span className={styles.panelTitle}>{t(`panel.title.${mode}`)}</span>
        {mode === 'isolated' ? (
          <Select
            size="small"
            value={a.leverage}
            loading={leverageBusy}
            onChange={(next) => void changeLeverage(next)}
            aria-label={t('panel.leverage')}
            data-testid="margin-leverage"
            options={leverages.map((value) => ({ value, label: `${value}x` }))}
          />
        ) : (
          <span className={styles.tag}>{t('panel.crossLeverage', { leverage: a.leverage })}</span>
        )}
      </div>
      <LevelGauge account={a} />
      <table className={styles.coins}>
        <thead>
          <tr>
            <th scope="col">{t('panel.coin')}</th>
            <th scope="col" className="num">
              {t('panel.available')}
            </th>
            <th scope="col" className="num">
              {t('panel.owed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => {
            const r = coinRow(c);
            return (
              <tr key={c} data-testid={`margin-coin-${c}`}>
                <th scope="row">{c.toUpperCase()}</th>
                <td className="num">
                  <Amount value={r?.available ?? '0'} />
                </td>
                <td className="num">
                  <Amount value={r ? owed(r.borrowed, r.interest) : '0'} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className={styles.figures}>
        <div>
          <dt>
            <Segmented
              size="small"
              value={coin}
              onChange={setCoin}
              options={pairCoins.map((c) => ({ value: c, label: c.toUpperCase() }))}
              aria-label={t('dialog.coin')}
            />
          </dt>
          <dd />
        </div>
        <div>
          <dt>{t('panel.maxBorrow')}</dt>
          <dd data-testid="margin-max-borrow">
            {canBorrow.data ? (
              <Amount value={canBorrow.data.maxBorrow} unit={coin.toUpperCase()} />
            ) : (
              <Spin size="small" />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('panel.hourlyRate')}</dt>
          <dd>
            {canBorrow.data ? (
              <Exact value={ratePercent(canBorrow.data.hourlyRate)} unit="%" />
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('panel.interest')}</dt>
          <dd>
            <Exact value={row?.interest ?? '0'} unit={coin.toUpperCase()} />
          </dd>
        </div>
        <div>
          <dt>{t('panel.totalDebt')}</dt>
          <dd>
            <Amount value={a.totalDebt} unit={a.valueCoin.toUpperCase()} />
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button size="small" onClick={() => setDialog('borrow')} data-testid="margin-borrow">
          {t('panel.borrow')}
        </Button>
        <Button size="small" onClick={() => setDialog('repay')} data-testid="margin-repay">
          {t('panel.repay')}
        </Button>
        <Button size="small" onClick={() => setDialog('transfer')} data-testid="margin-transfer">
          {t('panel.transfer')}
        </Button>
      </div>
      <MoneyDialog
        open={dialog === 'borrow'}
        title={t('dialog.borrowTitle', { account: t(`panel.title.${mode}`) })}
        testId="borrow-dialog"
        coins={pairCoins}
        coin={coin}
        onCoin={setCoin}
        max={canBorrow.data?.maxBorrow ?? null}
        maxLabel={t('panel.maxBorrow')}
        review={(amount) => <BorrowQuote scope={scope} coin={coin} amount={amount} />}
        confirmText={t('dialog.confirmBorrow')}
        onConfirm={(amount, key) => actions.borrow(coin, amount, key)}
        onClose={() => setDialog(null)}
        newKey={actions.newKey}
      />
      <MoneyDialog
        open={dialog === 'repay'}
        title={t('dialog.repayTitle', { account: t(`panel.title.${mode}`) })}
        testId="repay-dialog"
        coins={pairCoins}
        coin={coin}
        onCoin={setCoin}
        max={row ? repayMax(row.borrowed, row.interest, row.available) : '0'}
        maxLabel={t('dialog.repayMax')}
        review={() => (
          <>
            <dl className={styles.figures}>
              <div>
                <dt>{t('panel.owed')}</dt>
                <dd>
                  <Exact
                    value={row ? owed(row.borrowed, row.interest) : '0'}
                    unit={coin.toUpperCase()}
                  />
                </dd>
              </div>
              <div>
                <dt>{t('panel.interest')}</dt>
                <dd>
                  <Exact value={row?.interest ?? '0'} unit={coin.toUpperCase()} />
                </dd>
              </div>
            </dl>
            <p className={styles.note}>{t('dialog.interestFirst')}</p>
          </>
        )}
        confirmText={t('dialog.confirmRepay')}
        onConfirm={(amount, key) => actions.repay(coin, amount, key)}
        onClose={() => setDialog(null)}
        newKey={actions.newKey}
      />
      <MoneyDialog
        open={dialog === 'transfer'}
        title={t('dialog.transferTitle', { account: t(`panel.title.${mode}`) })}
        testId="transfer-dialog"
        coins={pairCoins}
        coin={coin}
        onCoin={setCoin}
        extra={
          <Segmented
            block
            value={direction}
            onChange={setDirection}
            data-testid="transfer-direction"
            options={[
              { value: 'in', label: t('dialog.in', { account: t(`panel.title.${mode}`) }) },
              { value: 'out', label: t('dialog.out', { account: t(`panel.title.${mode}`) }) },
            ]}
          />
        }
        max={direction === 'in' ? (spotSide(coin)?.available ?? null) : (row?.available ?? '0')}
        maxLabel={t(direction === 'in' ? 'dialog.spotAvailable' : 'dialog.marginAvailable')}
        review={() => (
          <p className={styles.note}>
            {t(direction === 'in' ? 'dialog.transferInNote' : 'dialog.transferOutNote', {
              account: t(`panel.title.${mode}`),
              level: a.transferOutLevel,
            })}
          </p>
        )}
        confirmText={t('dialog.confirmTransfer')}
        onConfirm={(amount, key) => actions.transfer(coin, amount, direction, key)}
        onClose={() => setDialog(null)}
        newKey={actions.newKey}
      />
    </section>
  );
}
