import { Alert, Input, Modal, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpPosition } from '@meridian/contract/calls/perps';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Amount, Exact, Price } from '../../../shared/ui/numbers.tsx';
import { marginProblem, removableMargin, stopProblem } from '../data/maths.ts';
import type { PerpKind } from '../data/kind.ts';
import { perpName } from '../data/market.ts';
import { useAdjustMargin, useCancelStops, useSetStops } from '../data/queries.ts';
import styles from './perps.module.css';

/** One key per confirmed change: a retry of the same change reuses it. */
function useAttempt() {
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  return {
    keyFor(body: unknown) {
      const next = keyForSubmission(attempt, JSON.stringify(body), randomKey);
      setAttempt(next);
      return next.key;
    },
    done: () => setAttempt(null),
  };
}

/** A labelled price input of the stops dialog. */
function PriceField(props: {
  label: string;
  value: string;
  unit: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{props.label}</span>
      <Input
        aria-label={props.label}
        value={props.value}
        inputMode="decimal"
        suffix={props.unit}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * Take-profit and stop-loss of a position, on the mark or the last price: when one
 * triggers, the whole position closes at market. Prices on the wrong side of the price
 * they watch (they would trigger at once) are refused here with the reason.
 */
export function StopsDialog({
  position,
  lastPrice,
  priceUnit,
  onClose,
}: {
  position: PerpPosition | null;
  lastPrice: string | null;
  /** USDT, or USD for a coin-margined market. */
  priceUnit: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('perps');
  // Mounted per opening, so the position's current triggers are the starting values.
  const [takeProfit, setTakeProfit] = useState(position?.takeProfit?.price ?? '');
  const [stopLoss, setStopLoss] = useState(position?.stopLoss?.price ?? '');
  const [trigger, setTrigger] = useState<'mark' | 'last'>(
    position?.takeProfit?.trigger ?? position?.stopLoss?.trigger ?? 'mark',
  );
  const [touched, setTouched] = useState(false);
  const save = useSetStops();
  const remove = useCancelStops();
  const attempt = useAttempt();
  if (!position) return null;
  const reference = trigger === 'mark' ? position.markPrice : lastPrice;
  const problem = stopProblem({ side: position.side, reference, takeProfit, stopLoss });
  const submit = () => {
    setTouched(true);
    if (problem) return;
    const body = {
      id: position.id,
      trigger,
      ...(takeProfit.trim() ? { takeProfitPrice: takeProfit.trim() } : {}),
      ...(stopLoss.trim() ? { stopLossPrice: stopLoss.trim() } : {}),
    };
    save.mutate(
      { ...body, key: attempt.keyFor(body) },
      {
        onSuccess: () => {
          attempt.done();
          notifier.notify('success', t('stops.saved', { name: perpName(position.symbol) }));
          onClose();
        },
      },
    );
  };
  const hasStops = position.takeProfit !== null || position.stopLoss !== null;
  return (
    <Modal
      open
      title={t('stops.title', { name: perpName(position.symbol) })}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      destroyOnHidden
      footer={(buttons) => (
        <>
          {hasStops ? (
            <a
              role="button"
              style={{ float: 'left', lineHeight: '32px' }}
              onClick={() =>
                remove.mutate(
                  { id: position.id, which: 'both' },
                  {
                    onSuccess: () => {
                      notifier.notify('success', t('stops.removed'));
                      onClose();
                    },
                  },
                )
              }
            >
              {t('stops.remove')}
            </a>
          ) : null}
          {buttons}
        </>
      )}
    >
      <div className={styles.form}>
        <dl className={styles.figures}>
          <dt>{t('positions.entry')}</dt>
          <dd>
            <Price value={position.entryPrice} />
          </dd>
          <dt>{t('positions.mark')}</dt>
          <dd>
            <Price value={position.markPrice} />
          </dd>
          <dt>{t('positions.liquidation')}</dt>
          <dd>
            <Price value={position.liquidationPrice} />
          </dd>
        </dl>
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('form.triggerOn')}</span>
          <Segmented<'mark' | 'last'>
            block
            value={trigger}
            onChange={setTrigger}
            options={[
              { value: 'mark', label: t('form.mark') },
              { value: 'last', label: t('form.last') },
            ]}
          />
        </div>
        <PriceField
          label={t('stops.takeProfit')}
          value={takeProfit}
          unit={priceUnit}
          onChange={setTakeProfit}
        />
        <PriceField
          label={t('stops.stopLoss')}
          value={stopLoss}
          unit={priceUnit}
          onChange={setStopLoss}
        />
        <p className={styles.hint}>{t('stops.lead')}</p>
        {touched && problem ? (
          <Alert
            type="error"
            showIcon
            title={t(`stops.problem.${problem}`, { price: reference ?? '--' })}
            data-testid="stops-problem"
          />
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * Margin in or out of an isolated position: in, up to what is available; out, down to the
 * initial margin. The new liquidation price is the server's, shown once it answers.
 */
export function AdjustMarginDialog({
  position,
  available,
  coin,
  kind,
  onClose,
}: {
  position: PerpPosition | null;
  available: string | null;
  /** The position's margin coin (USDT, or an inverse market's coin). */
  coin: string;
  kind: PerpKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('perps');
  const [flag, setFlag] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const adjust = useAdjustMargin();
  const attempt = useAttempt();
  if (!position) return null;
  const problem = marginProblem({ flag, amount, available, position: { ...position, kind } });
  const most = flag === 'add' ? available : removableMargin({ ...position, kind });
  const submit = () => {
    setTouched(true);
    if (problem) return;
    const body = { id: position.id, money: amount.trim(), flag };
    adjust.mutate(
      { ...body, key: attempt.keyFor(body) },
      {
        onSuccess: (next) => {
          attempt.done();
          notifier.notify(
            'success',
            t('adjust.saved', { margin: next.margin, price: next.liquidationPrice ?? '--' }),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('adjust.title', { name: perpName(position.symbol) })}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={adjust.isPending}
      onOk={submit}
      destroyOnHidden
    >
      <div className={styles.form}>
        <Segmented<'add' | 'remove'>
          block
          value={flag}
          onChange={(next) => {
            setFlag(next);
            setTouched(false);
          }}
          options={[
            { value: 'add', label: t('adjust.add') },
            { value: 'remove', label: t('adjust.remove') },
          ]}
        />
        <label className={styles.field}>
          <span className={styles.fieldLabel}>{t('adjust.amount')}</span>
          <Input
            aria-label={t('adjust.amount')}
            value={amount}
            inputMode="decimal"
            suffix={coin}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <dl className={styles.figures}>
          <dt>{t('positions.margin')}</dt>
          <dd>
            <Exact value={position.margin} unit={coin} />
          </dd>
          <dt>{flag === 'add' ? t('adjust.maxAdd') : t('adjust.maxRemove')}</dt>
          <dd>
            <Amount value={most} unit={coin} />
          </dd>
          <dt>{t('positions.liquidation')}</dt>
          <dd>
            <Price value={position.liquidationPrice} />
          </dd>
        </dl>
        {touched && problem ? (
          <Alert type="error" showIcon title={t(`adjust.problem.${problem}`)} />
        ) : null}
      </div>
    </Modal>
  );
}

/** Asks before closing one position, or all of them, at market. */
export function CloseConfirm({
  open,
  title,
  text,
  busy,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('perps');
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p>{text}</p>
    </Modal>
  );
}

/** The symbol picker of the lists' filters ("all" only where the lists can show it). */
export function MarketFilter({
  value,
  onChange,
  symbols,
  all = true,
}: {
  value: string;
  onChange: (next: string) => void;
  symbols: readonly string[];
  all?: boolean;
}) {
  const { t } = useTranslation('perps');
  return (
    <Select
      size="small"
      style={{ minWidth: 140 }}
      aria-label={t('page.market')}
      value={value}
      onChange={onChange}
      options={[
        ...(all ? [{ value: 'all', label: t('lists.allMarkets') }] : []),
        ...symbols.map((s) => ({ value: s, label: perpName(s) })),
      ]}
    />
  );
}
