import { Button, Checkbox, Modal, Segmented, Skeleton, Slider } from 'antd';
import { TextInput } from '../../../../shared/ui/TextInput.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from '../../../../shared/router/index.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import {
  feeRates,
  Figures,
  GuestLink,
  NumberField,
  useFieldError,
  type Coins,
} from './form-parts.tsx';
import type { OrderKind, Side as OrderSide } from '@meridian/core';
import {
  useOrderForm,
  type FormBlocker,
  type OrderFormMarket,
  type PickedPrice,
} from './useOrderForm.ts';
import { Amount, Price, useNumberLocale } from '../../../../shared/ui/numbers.tsx';
import { useSpotWallet } from '../../data/spot-queries.ts';
import { useMarginAvailable, type MarginMode } from '../../../margin/index.ts';
import { useTicker } from '../../../markets/index.ts';
import styles from './trade.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';

const KINDS: OrderKind[] = ['limit', 'market', 'stop_limit'];

/** Where the form trades from: the spot wallet, or a margin account (the margin feature). */
type TradeMode = 'spot' | MarginMode;

// The margin panel (level, loans, borrow, repay, transfer) is the margin feature's, loaded
// when a margin mode is first chosen.
const MarginPanel = lazy(async () => ({
  default: (await import('../../../margin/lazy.ts')).MarginPanel,
}));
/**
 * The form's mode lives in the address (`margin=cross|isolated`), so a reload, a shared
 * link or the back button keeps the account a trader was trading from.
 */
function useTradeMode(): [TradeMode, (next: TradeMode) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('margin');
  const mode: TradeMode = asked === 'cross' || asked === 'isolated' ? asked : 'spot';
  const setMode = (next: TradeMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'spot') updated.delete('margin');
        else updated.set('margin', next);
        return updated;
      },
      { replace: true },
    );
  return [mode, setMode];
}

const MARKS = { 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

/**
 * The market as the page gives it: the listed last price stands in until the ticker has
 * one. The form reads the live price itself, so a tick re-renders the form, not the page.
 */
export type TradeFormMarket = Omit<OrderFormMarket, 'lastPrice'> & { listedPrice: string | null };

/** One side of the form (buy or sell): fields, share slider, figures and the send button. */
export function SideForm({
  side,
  kind,
  market,
  coins,
  picked,
  margin,
}: {
  side: OrderSide;
  kind: OrderKind;
  market: TradeFormMarket;
  coins: Coins;
  picked: PickedPrice | null;
  /** Trade from this margin account; the spot wallet when absent. */
  margin?: MarginMode;
}) {
  const { t } = useTranslation('spot');
  const isLogin = useSession((s) => s.isLogin);
  const wallet = useSpotWallet(market.symbol);
  const spendCoin = side === 'buy' ? coins.quote : coins.base;
  const marginAvailable = useMarginAvailable(margin, market.symbol, spendCoin);
  const spotAvailable = wallet.data
    ? (side === 'buy' ? wallet.data.quote : wallet.data.base).available
    : null;
  const available = margin ? marginAvailable : spotAvailable;
  // A margin order's options: borrow what the account lacks when it is placed, repay the
  // loan from what its fills bring in.
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [autoRepay, setAutoRepay] = useState(false);
  const lastPrice = useTicker(market.symbol)?.close ?? market.listedPrice;
  const form = useOrderForm({
    side,
    kind,
    market: { ...market, lastPrice },
    available,
    picked,
    margin,
    autoBorrow,
    autoRepay,
  });
  const { pathname, search } = useLocation();
  const fieldError = useFieldError(coins, market.maths.minNotional);
  const base = coins.base.toUpperCase();
  const quote = coins.quote.toUpperCase();
  const id = (name: string) => `tf-${side}-${name}`;
  const locale = useNumberLocale();
  const rates = feeRates(form, market.maths.makerFeeRate, market.maths.takerFeeRate, t, locale);
  const title = t(side === 'buy' ? 'trade.form.buyTitle' : 'trade.form.sellTitle', { base });
  const redirect = `?redirect=${encodeURIComponent(pathname + search)}`;
  const spend = (side === 'buy' ? coins.quote : coins.base).toUpperCase();
  const blockerText = (blocker: FormBlocker) => {
    switch (blocker) {
      case 'paused':
        return t('trade.form.hint.paused');
      case 'loading':
        return t('trade.form.hint.loading');
      case 'price':
        return t('trade.form.hint.price');
      case 'trigger':
        return t('trade.form.hint.trigger');
      case 'quantity':
        return t('trade.form.hint.amount', { coin: base });
      case 'amount':
        return t('trade.form.hint.amount', { coin: quote });
      case 'balance':
        return t('trade.form.hint.balance', { coin: spend });
      case 'minValue':
        return t('trade.form.hint.minValue', {
          min: market.maths.minNotional ?? '',
          coin: quote,
        });
      default:
        return t('trade.form.hint.fix');
    }
  };
  return (
    <section aria-label={title} className={styles.tfSide}>
      {kind === 'market' ? (
        <div className={styles.tfField}>
          <span className={`${styles.tfLabel} ${ui.muted}`}>
            {t('trade.form.price', { quote })}
          </span>
          <TextInput value={t('trade.form.marketPrice')} disabled />
          <div className={styles.tfError} />
        </div>
      ) : (
        <NumberField
          id={id('price')}
          label={t('trade.form.price', { quote })}
          value={form.price}
          unit={quote}
          error={fieldError(form.summary.errors.price, coins.quote)}
          onChange={form.setPrice}
        />
      )}
      {kind === 'stop_limit' ? (
        <NumberField
          id={id('trigger')}
          label={t('trade.form.trigger', { quote })}
          value={form.trigger}
          unit={quote}
          error={form.triggerError ? t('trade.form.error.zero') : undefined}
          onChange={form.setTrigger}
        />
      ) : null}
      {kind === 'market' && side === 'buy' ? (
        <Segmented
          size="small"
          block
          className={styles.tfBy}
          value={form.useAmount ? 'amount' : 'quantity'}
          onChange={(value) => form.setUseAmount(value === 'amount')}
          options={[
            { value: 'quantity', label: t('trade.form.byQuantity') },
            { value: 'amount', label: t('trade.form.byAmount', { quote }) },
          ]}
        />
      ) : null}
      {form.byAmount ? (
        <NumberField
          id={id('amount')}
          label={t('trade.form.amount', { quote })}
          value={form.quoteAmount}
          unit={quote}
          error={fieldError(form.summary.errors.amount, coins.quote)}
          onChange={form.setQuoteAmount}
        />
      ) : (
        <NumberField
          id={id('quantity')}
          label={t('trade.form.quantity', { base })}
          value={form.quantity}
          unit={base}
          error={fieldError(
            form.summary.errors.quantity,
            side === 'buy' ? coins.quote : coins.base,
          )}
          onChange={form.setQuantity}
        />
      )}
      <Slider
        className={styles.tfSlider}
        marks={MARKS}
        step={null}
        value={form.percent}
        disabled={!isLogin}
        onChange={form.setPercent}
        tooltip={{ open: false }}
        ariaLabelForHandle={t('trade.form.share')}
      />
      <Figures form={form} coins={coins} rates={rates} />
      {margin ? (
        <Checkbox
          className={styles.tfAutoBorrow}
          checked={autoBorrow}
          onChange={(event) => setAutoBorrow(event.target.checked)}
          data-testid="auto-borrow"
        >
          {t('margin:mode.autoBorrow', {
            coin: (side === 'buy' ? coins.quote : coins.base).toUpperCase(),
          })}
        </Checkbox>
      ) : null}
      {margin ? (
        <Checkbox
          className={styles.tfAutoBorrow}
          checked={autoRepay}
          onChange={(event) => setAutoRepay(event.target.checked)}
          data-testid="auto-repay"
        >
          {t('margin:mode.autoRepay', {
            coin: (side === 'buy' ? coins.base : coins.quote).toUpperCase(),
          })}
        </Checkbox>
      ) : null}
      {isLogin ? (
        <>
          <Button
            block
            type="primary"
            className={cx(
              styles.tfSubmit,
              side === 'buy' ? styles.tfSubmitBuy : styles.tfSubmitSell,
            )}
            disabled={!form.ready}
            onClick={form.review}
            aria-describedby={form.blocker ? id('hint') : undefined}
          >
            {title}
          </Button>
          {/* Why the button cannot send yet; always there, so the form never jumps. */}
          <p className={cx(styles.tfHint, ui.muted)} id={id('hint')} data-testid="form-hint">
            {form.blocker ? blockerText(form.blocker) : ''}
          </p>
        </>
      ) : (
        <div className={styles.tfGuest}>
          <GuestLink to={`/user/login${redirect}`} primary>
            {t('trade.form.login')}
          </GuestLink>
          <GuestLink to={`/user/register${redirect}`}>{t('trade.form.register')}</GuestLink>
        </div>
      )}
      <Modal
        open={form.confirming}
        title={t('trade.confirm.title', { action: title })}
        okText={t('trade.confirm.ok')}
        cancelText={t('trade.confirm.cancel')}
        confirmLoading={form.submitting}
        onOk={() => void form.confirm()}
        onCancel={form.cancel}
        destroyOnHidden
      >
        <dl className={`${styles.tfFigures} ${styles.tfConfirm}`}>
          <div>
            <dt className={ui.muted}>{t('trade.confirm.market')}</dt>
            <dd>{`${base}/${quote}`}</dd>
          </div>
          {margin ? (
            <div>
              <dt className={ui.muted}>{t('margin:mode.account')}</dt>
              <dd data-testid="confirm-account">{t(`margin:panel.title.${margin}`)}</dd>
            </div>
          ) : null}
          {margin && autoBorrow ? (
            <div>
              <dt className={ui.muted}>{t('margin:mode.autoBorrowConfirm')}</dt>
              <dd data-testid="confirm-auto-borrow">{t('margin:mode.autoBorrowYes')}</dd>
            </div>
          ) : null}
          {margin && autoRepay ? (
            <div>
              <dt className={ui.muted}>{t('margin:mode.autoRepayConfirm')}</dt>
              <dd data-testid="confirm-auto-repay">{t('margin:mode.autoRepayYes')}</dd>
            </div>
          ) : null}
          <div>
            <dt className={ui.muted}>{t('trade.confirm.type')}</dt>
            <dd>{t(`trade.kind.${kind}`)}</dd>
          </div>
          {kind === 'stop_limit' ? (
            <div>
              <dt className={ui.muted}>{t('trade.form.trigger', { quote })}</dt>
              <dd>
                <Price value={form.trigger} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt className={ui.muted}>{t('trade.form.price', { quote })}</dt>
            <dd>
              {kind === 'market' ? t('trade.form.marketPrice') : <Price value={form.price} />}
            </dd>
          </div>
          <div>
            <dt className={ui.muted}>
              {form.byAmount
                ? t('trade.form.amount', { quote })
                : t('trade.form.quantity', { base })}
            </dt>
            <dd>
              <Amount value={form.byAmount ? form.quoteAmount : form.quantity} />
            </dd>
          </div>
        </dl>
        <Figures form={form} coins={coins} rates={rates} />
      </Modal>
    </section>
  );
}

/**
 * The order form: Buy/Sell, the order types, then the one side's fields. The side may be
 * held by the page (the phone's Buy and Sell bar opens the form on the side it names).
 * Keyed by market by its parent, so a new market starts clean.
 */
export function OrderPanel({
  market,
  coins,
  picked,
  side: heldSide,
  onSide,
  phone,
}: {
  market: TradeFormMarket;
  coins: Coins;
  picked: PickedPrice | null;
  side?: OrderSide;
  onSide?: (side: OrderSide) => void;
  phone: boolean;
}) {
  const { t } = useTranslation('spot');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [mode, setMode] = useTradeMode();
  const isLogin = useSession((s) => s.isLogin);
  const margin = isLogin && mode !== 'spot' ? mode : undefined;
  const [ownSide, setOwnSide] = useState<OrderSide>('buy');
  const side = heldSide ?? ownSide;
  const setSide = onSide ?? setOwnSide;
  return (
    <section
      className={cx(styles.tradeForm, phone && styles.tradeFormPhone)}
      aria-label={t('trade.form.title')}
    >
      {isLogin ? (
        <Segmented<TradeMode>
          block
          size="small"
          className={styles.tfKinds}
          value={mode}
          onChange={setMode}
          aria-label={t('margin:mode.label')}
          data-testid="trade-mode"
          options={[
            { value: 'spot', label: t('margin:mode.spot') },
            { value: 'cross', label: t('margin:mode.cross') },
            { value: 'isolated', label: t('margin:mode.isolated') },
          ]}
        />
      ) : null}
      {margin ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <MarginPanel key={`${margin}-${market.symbol}`} mode={margin} symbol={market.symbol} />
        </Suspense>
      ) : null}
      <Segmented<OrderSide>
        block
        className={cx(styles.tfToggle, side === 'buy' ? styles.tfToggleBuy : styles.tfToggleSell)}
        value={side}
        onChange={setSide}
        aria-label={t('trade.form.side')}
        options={[
          { value: 'buy', label: t('trade.form.buy') },
          { value: 'sell', label: t('trade.form.sell') },
        ]}
      />
      <Segmented<OrderKind>
        block
        size="small"
        className={styles.tfKinds}
        value={kind}
        onChange={setKind}
        aria-label={t('trade.form.kind')}
        options={KINDS.map((value) => ({ value, label: t(`trade.kind.${value}`) }))}
      />
      {/* Both sides stay mounted, so what was typed on one survives a look at the other. */}
      {(['buy', 'sell'] as const).map((s) => (
        <div key={s} hidden={s !== side}>
          <SideForm
            side={s}
            kind={kind}
            market={market}
            coins={coins}
            picked={picked}
            margin={margin}
          />
        </div>
      ))}
    </section>
  );
}
