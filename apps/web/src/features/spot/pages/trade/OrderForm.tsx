import { Button, Input, Modal, Segmented, Slider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
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
import { useOrderForm, type OrderFormMarket, type PickedPrice } from './useOrderForm.ts';
import { useSpotWallet } from '../../data/spot-queries.ts';
import styles from './trade.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';

const KINDS: OrderKind[] = ['limit', 'market', 'stop_limit'];
const MARKS = { 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

/** One side of the form (buy or sell): fields, share slider, figures and the send button. */
export function SideForm({
  side,
  kind,
  market,
  coins,
  picked,
  phone,
}: {
  side: OrderSide;
  kind: OrderKind;
  market: OrderFormMarket;
  coins: Coins;
  picked: PickedPrice | null;
  phone: boolean;
}) {
  const { t } = useTranslation('spot');
  const isLogin = useSession((s) => s.isLogin);
  const wallet = useSpotWallet(market.symbol);
  const available = wallet.data
    ? (side === 'buy' ? wallet.data.quote : wallet.data.base).available
    : null;
  const form = useOrderForm({ side, kind, market, available, picked });
  const { pathname, search } = useLocation();
  const fieldError = useFieldError(coins, market.maths.minNotional);
  const base = coins.base.toUpperCase();
  const quote = coins.quote.toUpperCase();
  const id = (name: string) => `tf-${side}-${name}`;
  const rates = feeRates(form, market.maths.makerFeeRate, market.maths.takerFeeRate, t);
  const title = t(side === 'buy' ? 'trade.form.buyTitle' : 'trade.form.sellTitle', { base });
  const redirect = `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <section aria-label={title}>
      {/* On a phone the Buy/Sell toggle already says which side this is. */}
      {phone ? null : (
        <h3 className={cx(styles.tfTitle, side === 'buy' ? ui.up : ui.down)} aria-hidden>
          {title}
        </h3>
      )}
      {kind === 'market' ? (
        <div className={styles.tfField}>
          <span className={`${styles.tfLabel} ${ui.muted}`}>
            {t('trade.form.price', { quote })}
          </span>
          <Input value={t('trade.form.marketPrice')} disabled />
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
      {isLogin ? (
        <Button
          block
          type="primary"
          className={cx(styles.tfSubmit, side === 'buy' ? styles.tfSubmitBuy : styles.tfSubmitSell)}
          disabled={!form.ready}
          onClick={form.review}
        >
          {title}
        </Button>
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
          <div>
            <dt className={ui.muted}>{t('trade.confirm.type')}</dt>
            <dd>{t(`trade.kind.${kind}`)}</dd>
          </div>
          {kind === 'stop_limit' ? (
            <div>
              <dt className={ui.muted}>{t('trade.form.trigger', { quote })}</dt>
              <dd className="num">{form.trigger}</dd>
            </div>
          ) : null}
          <div>
            <dt className={ui.muted}>{t('trade.form.price', { quote })}</dt>
            <dd className="num">{kind === 'market' ? t('trade.form.marketPrice') : form.price}</dd>
          </div>
          <div>
            <dt className={ui.muted}>
              {form.byAmount
                ? t('trade.form.amount', { quote })
                : t('trade.form.quantity', { base })}
            </dt>
            <dd className="num">{form.byAmount ? form.quoteAmount : form.quantity}</dd>
          </div>
        </dl>
        <Figures form={form} coins={coins} rates={rates} />
      </Modal>
    </section>
  );
}

/**
 * The order form: type tabs, then buy and sell side by side (one at a time, with a
 * toggle, on a phone). Keyed by market by its parent, so a new market starts clean.
 */
export function OrderPanel({
  market,
  coins,
  picked,
  phone,
}: {
  market: OrderFormMarket;
  coins: Coins;
  picked: PickedPrice | null;
  phone: boolean;
}) {
  const { t } = useTranslation('spot');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [side, setSide] = useState<OrderSide>('buy');
  const sides: OrderSide[] = phone ? [side] : ['buy', 'sell'];
  return (
    <section className={styles.tradeForm} aria-label={t('trade.form.title')}>
      <div className={styles.tfHead}>
        <Segmented<OrderKind>
          value={kind}
          onChange={setKind}
          aria-label={t('trade.form.kind')}
          options={KINDS.map((value) => ({ value, label: t(`trade.kind.${value}`) }))}
        />
        {phone ? (
          <Segmented<OrderSide>
            className={cx(
              styles.tfToggle,
              side === 'buy' ? styles.tfToggleBuy : styles.tfToggleSell,
            )}
            value={side}
            onChange={setSide}
            options={[
              { value: 'buy', label: t('trade.form.buy') },
              { value: 'sell', label: t('trade.form.sell') },
            ]}
          />
        ) : null}
      </div>
      <div className={styles.tfSides}>
        {sides.map((s) => (
          <SideForm
            key={s}
            side={s}
            kind={kind}
            market={market}
            coins={coins}
            picked={picked}
            phone={phone}
          />
        ))}
      </div>
    </section>
  );
}
