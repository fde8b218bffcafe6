// The pieces of the order form: a number field, the figures, the visitor's links.
import { Button } from 'antd';
import { TextInput } from '../../../../shared/ui/TextInput.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../../shared/router/index.tsx';
import { displayPercent, ratePercent, type FieldError } from '@meridian/core';
import type { OrderForm } from './useOrderForm.ts';
import styles from './trade.module.css';
import ui from '../../../../shared/ui/market.module.css';
import { Amount } from '../../../../shared/ui/numbers.tsx';

export interface Coins {
  base: string;
  quote: string;
}

export function NumberField({
  id,
  label,
  value,
  unit,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  unit: string;
  error?: string | undefined;
  onChange: (typed: string) => void;
}) {
  return (
    <div className={styles.tfField}>
      <label htmlFor={id} className={`${styles.tfLabel} ${ui.muted}`}>
        {label}
      </label>
      <TextInput
        id={id}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        status={error ? 'error' : ''}
        suffix={<span className={ui.muted}>{unit}</span>}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <div className={styles.tfError} id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

export function useFieldError(coins: Coins, minNotional: string | null) {
  const { t } = useTranslation('spot');
  return (error: FieldError | undefined, coin: string) => {
    if (!error) return undefined;
    if (error === 'minValue')
      return t('trade.form.error.minValue', {
        min: minNotional ?? '',
        coin: coins.quote.toUpperCase(),
      });
    if (error === 'balance') return t('trade.form.error.balance', { coin: coin.toUpperCase() });
    return t('trade.form.error.zero');
  };
}

/** A real link (it opens in a new tab too) that looks like a button and routes in the app. */
export function GuestLink({
  to,
  primary,
  children,
}: {
  to: string;
  primary?: boolean;
  children: string;
}) {
  const navigate = useNavigate();
  return (
    <Button
      block
      href={to}
      type={primary ? 'primary' : 'default'}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Button>
  );
}

/** The figures the user checks before sending, and again in the confirmation. */
export function Figures({ form, coins, rates }: { form: OrderForm; coins: Coins; rates: string }) {
  const { t } = useTranslation('spot');
  const { summary, side } = form;
  const spendCoin = (side === 'buy' ? coins.quote : coins.base).toUpperCase();
  const receiveCoin = (side === 'buy' ? coins.base : coins.quote).toUpperCase();
  const rows = [
    ['available', t('trade.form.available'), summary.available, spendCoin],
    [
      'value',
      summary.valueEstimated ? t('trade.form.valueEstimated') : t('trade.form.value'),
      summary.value,
      coins.quote.toUpperCase(),
    ],
    ['fee', t('trade.form.fee', { rates }), summary.fee, receiveCoin],
    ['receive', t('trade.form.receive'), summary.receive, receiveCoin],
    ['after', t('trade.form.after'), summary.after, spendCoin],
  ] as const;
  return (
    <dl className={styles.tfFigures}>
      {rows.map(([key, label, value, coin]) => (
        <div key={key} data-testid={`figure-${key}`}>
          <dt className={ui.muted}>{label}</dt>
          <dd>
            <Amount value={value} unit={coin} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function feeRates(
  form: OrderForm,
  maker: string | null,
  taker: string | null,
  t: TFunction,
  locale: string,
) {
  // The rate in percent, cut to 2 decimals, written as the reader's locale writes a
  // percentage ("0.10%", "0,10 %").
  const percent = (rate: string | null) => {
    const text = ratePercent(rate);
    return text === null ? null : displayPercent(text.replace(/%$/, ''), { locale, signed: false });
  };
  const makerText = percent(maker);
  const takerText = percent(taker);
  if (!takerText) return t('trade.form.feeUnknown');
  if (form.kind === 'market' || !makerText) return t('trade.form.takerRate', { taker: takerText });
  return t('trade.form.makerTaker', { maker: makerText, taker: takerText });
}
