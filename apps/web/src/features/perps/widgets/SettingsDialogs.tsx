import { Alert, Button, Input, Modal, Radio, Slider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpMarket } from '@meridian/contract/calls/perps';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { useResetOnOpen } from '../../../shared/ui/useResetOnOpen.ts';
import { leverageProblem, maxLeverageAt, ratePercent } from '../data/maths.ts';
import { useSetLeverage, useSetMarginMode } from '../data/queries.ts';
import styles from './perps.module.css';

/** The published tiers: notional bound, maximum leverage, maintenance rate and amount. */
export function TierTable({
  market,
  current,
  limit,
}: {
  market: Pick<PerpMarket, 'tiers'> & Partial<Pick<PerpMarket, 'kind' | 'marginCoin'>>;
  /** The tier to mark (the position's). */
  current?: number;
  /** Show only this many rows (the dialog's excerpt). */
  limit?: number;
}) {
  const { t } = useTranslation('perps');
  const tiers = limit ? market.tiers.slice(0, limit) : market.tiers;
  // A coin-margined market's tiers are in its coin.
  const coin = market.kind === 'inverse' ? market.marginCoin?.toUpperCase() : undefined;
  return (
    <table className={styles.tiers} data-testid="tier-table">
      <thead>
        <tr>
          <th>{t('tiers.tier')}</th>
          <th>{coin ? t('tiers.upToCoin', { coin }) : t('tiers.upTo')}</th>
          <th>{t('tiers.maxLeverage')}</th>
          <th>{t('tiers.rate')}</th>
          <th>{coin ? t('tiers.cumulativeCoin', { coin }) : t('tiers.cumulative')}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.tier} className={tier.tier === current ? styles.tierOn : undefined}>
            <td>{tier.tier}</td>
            <td>{tier.upTo === null ? t('tiers.above') : <Exact value={tier.upTo} />}</td>
            <td className="num">{`${tier.maxLeverage}x`}</td>
            <td className="num">{`${ratePercent(tier.maintenanceRate, 2) ?? '--'} %`}</td>
            <td>
              <Exact value={tier.cumulative} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Leverage: a slider up to what the position's tier allows, a field for the exact figure,
 * and the tiers it is chosen against. Refused values say why before anything is sent.
 */
export function LeverageDialog({
  open,
  onClose,
  symbol,
  market,
  leverage,
  positionNotional,
}: {
  open: boolean;
  onClose: () => void;
  symbol: string;
  market: Pick<PerpMarket, 'tiers' | 'maxLeverage'>;
  leverage: number;
  positionNotional: string | null;
}) {
  const { t } = useTranslation('perps');
  const [text, setText] = useState(String(leverage));
  useResetOnOpen(open, () => setText(String(leverage)));
  const save = useSetLeverage();
  const top = positionNotional ? maxLeverageAt(market, positionNotional) : market.maxLeverage;
  const problem = leverageProblem(text, market, positionNotional);
  const value = problem === 'whole' ? leverage : Number.parseInt(text, 10);
  const currentTier = positionNotional
    ? market.tiers.find((tier) => tier.maxLeverage === top)?.tier
    : undefined;
  return (
    <Modal
      open={open}
      title={t('leverage.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={problem !== null}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { symbol, leverage: value },
              {
                onSuccess: (setting) => {
                  notifier.notify('success', t('leverage.saved', { value: setting.leverage }));
                  onClose();
                },
              },
            )
          }
        >
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <div className={styles.form}>
        <div className={styles.formRow}>
          <Slider
            min={1}
            max={top}
            value={Math.min(Math.max(value || 1, 1), top)}
            onChange={(next) => setText(String(next))}
            ariaLabelForHandle={t('leverage.title')}
          />
          <Input
            aria-label={t('leverage.value')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            suffix="x"
            style={{ maxWidth: 90 }}
            inputMode="numeric"
          />
        </div>
        <p className={styles.hint}>{t('leverage.lead', { max: top })}</p>
        {problem ? (
          <Alert type="error" showIcon title={t(`leverage.problem.${problem}`, { max: top })} />
        ) : null}
        <TierTable market={market} current={currentTier} limit={4} />
        <p className={styles.hint}>{t('leverage.risk')}</p>
      </div>
    </Modal>
  );
}

/** Isolated or cross: each explained, changed only with no position or order open. */
export function MarginModeDialog({
  open,
  onClose,
  symbol,
  marginMode,
}: {
  open: boolean;
  onClose: () => void;
  symbol: string;
  marginMode: 'isolated' | 'cross';
}) {
  const { t } = useTranslation('perps');
  const [mode, setMode] = useState(marginMode);
  useResetOnOpen(open, () => setMode(marginMode));
  const save = useSetMarginMode();
  return (
    <Modal
      open={open}
      title={t('marginMode.title')}
      onCancel={onClose}
      destroyOnHidden
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: mode === marginMode }}
      confirmLoading={save.isPending}
      onOk={() =>
        save.mutate(
          { symbol, marginMode: mode },
          {
            onSuccess: (setting) => {
              notifier.notify(
                'success',
                t('marginMode.saved', { mode: t(`marginMode.${setting.marginMode}`) }),
              );
              onClose();
            },
          },
        )
      }
    >
      <Radio.Group
        value={mode}
        onChange={(event) => setMode(event.target.value as 'isolated' | 'cross')}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {(['cross', 'isolated'] as const).map((value) => (
          <Radio key={value} value={value}>
            <strong>{t(`marginMode.${value}`)}</strong>
            <div className={styles.hint}>{t(`marginMode.${value}Text`)}</div>
          </Radio>
        ))}
      </Radio.Group>
      <p className={styles.hint}>{t('marginMode.note')}</p>
    </Modal>
  );
}
