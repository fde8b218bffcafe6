import { Button, Checkbox, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../shared/router/index.tsx';
import { displayAmount } from '@meridian/core';
import type { PerpOrder } from '@meridian/contract/calls/perps';
import { useSession } from '../../../shared/session/store.ts';
import { Amount, Exact, Price, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { ratePercent, type OrderProblem } from '../data/maths.ts';
import { perpName, type PerpMarketState } from '../data/market.ts';
import { usePerpAccount } from '../data/queries.ts';
import { LeverageDialog, MarginModeDialog } from './SettingsDialogs.tsx';
import { useOrderForm, type OrderNotice, type PerpOrderType, type Tif } from './useOrderForm.ts';
import styles from './perps.module.css';

const TYPES: PerpOrderType[] = ['limit', 'market', 'stop_market', 'stop_limit'];

function Field({
  id,
  label,
  value,
  onChange,
  suffix,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (next: string) => void;
  suffix?: string;
  error?: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <Input
        id={id}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        suffix={suffix}
        status={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The one notice of a sent order, by where it stands: filled, resting on the book (or
 * waiting for its trigger), or ended by its time in force with nothing or part filled
 * (a market or IOC order with too little on the book), which is a warning, not a success.
 */
export function useDescribeOrder() {
  const { t } = useTranslation('perps');
  return (order: PerpOrder): OrderNotice => {
    const values = {
      side: t(order.side === 'buy' ? 'form.openLong' : 'form.openShort'),
      count: order.contracts,
      filled: order.filledContracts,
      name: perpName(order.symbol),
    };
    if (order.status === 'filled') return { kind: 'success', text: t('notice.filled', values) };
    if (order.status === 'cancelled')
      return {
        kind: 'warning',
        text: t(order.filledContracts > 0 ? 'notice.partCancelled' : 'notice.unfilled', values),
      };
    return { kind: 'success', text: t('notice.placed', values) };
  };
}

/**
 * The U-contract order form: margin mode and leverage buttons, the order types, price,
 * trigger, contracts (with the base size), reduce-only and time in force, what the order
 * costs and the most the balance allows, then Open long and Open short, each confirmed.
 */
export function OrderPanel({ state, picked }: { state: PerpMarketState; picked?: string | null }) {
  const { t } = useTranslation('perps');
  const isLogin = useSession((s) => s.isLogin);
  const account = usePerpAccount(state.marginCoin);
  const describe = useDescribeOrder();
  const { pathname, search } = useLocation();
  const [dialog, setDialog] = useState<'leverage' | 'mode' | null>(null);
  const [lastPicked, setLastPicked] = useState<string | null>(null);
  const market = state.market;
  const position = state.position;
  const form = useOrderForm({
    symbol: state.symbol,
    market,
    leverage: state.leverage,
    marginMode: state.marginMode,
    available: account.data?.available ?? null,
    markPrice: state.ticker?.markPrice ?? null,
    position: position
      ? {
          side: position.side,
          contracts: position.contracts,
          notional: position.notional,
          entryPrice: position.entryPrice,
          margin: position.margin,
          marginMode: position.marginMode,
        }
      : null,
    describe,
  });
  // A price picked on the book or the trades fills the price field once.
  if (picked && picked !== lastPicked) {
    setLastPicked(picked);
    if (form.type === 'limit' || form.type === 'stop_limit') form.setPrice(picked);
  }
  const base = state.base.toUpperCase();
  const coin = state.marginCoin;
  const locale = useNumberLocale();
  const inverse = state.kind === 'inverse';
  const long = form.figures('long');
  const short = form.figures('short');
  // Inverse: contracts are USD; what they are worth in the coin at the order's price.
  const coinValue = long.cost?.notional ?? short.cost?.notional ?? null;
  const sizeHint = !market
    ? ''
    : form.size === null
      ? t(inverse ? 'form.contractValue' : 'form.contractSize', { each: market.contractSize, base })
      : inverse
        ? t('form.sizeInverse', {
            usd: displayAmount(form.size, { locale }),
            coin: coinValue === null ? '--' : displayAmount(coinValue, { locale }),
            base: coin,
          })
        : t('form.size', { size: form.size, base, each: market.contractSize });
  const liquidation = (figure: string | null) =>
    state.marginMode === 'cross' ? (
      t('form.liqCross')
    ) : (
      <Price value={figure} decimals={state.priceDecimals} />
    );
  const problemText = (problem: OrderProblem | null) =>
    problem === null
      ? ''
      : t(`form.problem.${problem}`, { max: market?.maxContracts ?? 0, tick: market?.tickSize });
  // One hint under the buttons: the problem both sides share, else each side's own.
  const hint =
    long.problem === short.problem
      ? problemText(long.problem)
      : [
          long.problem && `${t('form.long')}: ${problemText(long.problem)}`,
          short.problem && `${t('form.short')}: ${problemText(short.problem)}`,
        ]
          .filter(Boolean)
          .join(' · ');
  const paused = market?.paused === true;
  const limitLike = form.type === 'limit' || form.type === 'stop_limit';
  const stop = form.type === 'stop_market' || form.type === 'stop_limit';
  const redirect = `?redirect=${encodeURIComponent(pathname + search)}`;
  const confirmFigures = form.confirming ? form.figures(form.confirming) : null;

  return (
    <section className={`${styles.box} ${styles.form}`} aria-label={t('form.title')}>
      <div className={styles.formRow}>
        <Button size="small" onClick={() => setDialog('mode')} disabled={!isLogin || !market}>
          {t(`marginMode.${state.marginMode}`)}
        </Button>
        <Button size="small" onClick={() => setDialog('leverage')} disabled={!isLogin || !market}>
          {`${state.leverage}x`}
        </Button>
      </div>
      {/* Four types do not fit one row of a narrow column: they wrap, two by two. */}
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        className={styles.types}
        value={form.type}
        onChange={(event) => form.setType(event.target.value as PerpOrderType)}
        aria-label={t('form.type')}
        options={TYPES.map((value) => ({ value, label: t(`form.types.${value}`) }))}
      />
      {stop ? (
        <div className={styles.formRow}>
          <Field
            id="perp-trigger"
            label={t('form.triggerPrice')}
            value={form.triggerPrice}
            onChange={form.setTriggerPrice}
            suffix={state.priceUnit}
          />
          <div className={styles.field} style={{ maxWidth: 96 }}>
            <span className={styles.fieldLabel}>{t('form.triggerOn')}</span>
            <Select
              aria-label={t('form.triggerOn')}
              value={form.trigger}
              onChange={form.setTrigger}
              options={[
                { value: 'mark', label: t('form.mark') },
                { value: 'last', label: t('form.last') },
              ]}
            />
          </div>
        </div>
      ) : null}
      {limitLike ? (
        <Field
          id="perp-price"
          label={t(inverse ? 'form.priceUsd' : 'form.price')}
          value={form.price}
          onChange={form.setPrice}
          suffix={state.priceUnit}
        />
      ) : (
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t(inverse ? 'form.priceUsd' : 'form.price')}</span>
          <Input value={t('form.marketPrice')} disabled />
        </div>
      )}
      <Field
        id="perp-contracts"
        label={t('form.contracts')}
        value={form.contracts}
        onChange={form.setContracts}
        suffix={t('form.contractUnit')}
      />
      <div className={`${styles.hint} num`} data-testid="perp-size">
        {sizeHint}
      </div>
      <div className={styles.formRow}>
        <Checkbox
          className={styles.noGrow}
          checked={form.reduceOnly}
          onChange={(e) => form.setReduceOnly(e.target.checked)}
        >
          {t('form.reduceOnly')}
        </Checkbox>
        {form.type === 'limit' ? (
          // The box shows the traders' codes (GTC, IOC), which fit it in every language;
          // the list the full names.
          <Select<Tif>
            size="small"
            aria-label={t('form.tif')}
            value={form.tif}
            onChange={form.setTif}
            labelRender={({ value }) => (value === 'POST_ONLY' ? t('form.postOnly') : value)}
            popupMatchSelectWidth={false}
            options={[
              { value: 'GTC', label: t('form.gtc') },
              { value: 'POST_ONLY', label: t('form.postOnly') },
              { value: 'IOC', label: t('form.ioc') },
            ]}
          />
        ) : null}
      </div>
      <dl className={styles.figures} data-testid="perp-figures">
        <dt>{t('form.available')}</dt>
        <dd>
          <Amount value={account.data?.available ?? null} unit={coin} />
        </dd>
        <dt>{t('form.costLong')}</dt>
        <dd data-testid="perp-cost-long">
          <Exact value={long.cost?.cost ?? null} unit={coin} />
        </dd>
        <dt>{t('form.costShort')}</dt>
        <dd data-testid="perp-cost-short">
          <Exact value={short.cost?.cost ?? null} unit={coin} />
        </dd>
        <dt>{t('form.liquidationBoth')}</dt>
        <dd className="num" data-testid="perp-liq-preview">
          {state.marginMode === 'cross' ? (
            t('form.liqCross')
          ) : (
            <>
              <Price value={long.liquidation} decimals={state.priceDecimals} />
              {' / '}
              <Price value={short.liquidation} decimals={state.priceDecimals} />
            </>
          )}
        </dd>
        <dt>{t('form.maxLong')}</dt>
        <dd className="num" data-testid="perp-max-long">
          {long.max === null ? '--' : long.max.toString()}
        </dd>
        <dt>{t('form.maxShort')}</dt>
        <dd className="num" data-testid="perp-max-short">
          {short.max === null ? '--' : short.max.toString()}
        </dd>
      </dl>
      {isLogin ? (
        <>
          <div className={styles.buttons}>
            <Button
              type="primary"
              className={styles.long}
              disabled={paused || long.problem !== null}
              onClick={() => form.review('long')}
            >
              {t('form.openLong')}
            </Button>
            <Button
              type="primary"
              className={styles.short}
              disabled={paused || short.problem !== null}
              onClick={() => form.review('short')}
            >
              {t('form.openShort')}
            </Button>
          </div>
          <p className={styles.hint} data-testid="perp-form-hint">
            {/* A paused market takes no new orders; closing stays possible from the list. */}
            {paused ? t('page.paused') : form.contracts.trim() === '' ? '' : hint}
          </p>
          <Link to="/assets/index?key=transfer">
            {inverse ? t('form.transferCoin', { coin }) : t('form.transfer')}
          </Link>
        </>
      ) : (
        <div className={styles.guest}>
          <p className={styles.hint}>{t('form.guest')}</p>
          <Link to={`/user/login${redirect}`}>
            <Button type="primary" block>
              {t('form.login')}
            </Button>
          </Link>
          <Link to={`/user/register${redirect}`}>
            <Button block>{t('form.register')}</Button>
          </Link>
        </div>
      )}
      <Modal
        open={form.confirming !== null}
        title={t('confirm.title', {
          action: t(form.confirming === 'short' ? 'form.openShort' : 'form.openLong'),
          name: perpName(state.symbol),
        })}
        okText={t('confirm.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={form.submitting}
        onOk={() => void form.confirm()}
        onCancel={form.cancel}
        destroyOnHidden
      >
        <dl className={styles.figures} data-testid="perp-confirm">
          <dt>{t('form.type')}</dt>
          <dd>{t(`form.types.${form.type}`)}</dd>
          {stop ? (
            <>
              <dt>{t('form.triggerPrice')}</dt>
              <dd>
                <Price value={form.triggerPrice} /> ({t(`form.${form.trigger}`)})
              </dd>
            </>
          ) : null}
          <dt>{t('form.price')}</dt>
          <dd>{limitLike ? <Price value={form.price} /> : t('form.marketPrice')}</dd>
          <dt>{t('form.contracts')}</dt>
          <dd className="num">
            {inverse
              ? `${form.contracts} (${sizeHint.replace(/^= /, '')})`
              : `${form.contracts} (${form.size ?? '--'} ${base})`}
          </dd>
          <dt>{t('form.leverage')}</dt>
          <dd className="num">{`${state.leverage}x · ${t(`marginMode.${state.marginMode}`)}`}</dd>
          <dt>{t('form.margin')}</dt>
          <dd>
            <Exact value={confirmFigures?.cost?.margin ?? null} unit={coin} />
          </dd>
          <dt>{t('form.fee')}</dt>
          <dd>
            <Exact value={confirmFigures?.cost?.fee ?? null} unit={coin} />
          </dd>
          <dt>{t('form.cost')}</dt>
          <dd>
            <Exact value={confirmFigures?.cost?.cost ?? null} unit={coin} />
          </dd>
          <dt>{t('form.liquidation')}</dt>
          <dd className="num">{liquidation(confirmFigures?.liquidation ?? null)}</dd>
          {form.reduceOnly ? (
            <>
              <dt>{t('form.reduceOnly')}</dt>
              <dd>✓</dd>
            </>
          ) : null}
        </dl>
        {form.type === 'market' ? <p className={styles.hint}>{t('confirm.marketNote')}</p> : null}
      </Modal>
      {market ? (
        <>
          <LeverageDialog
            open={dialog === 'leverage'}
            onClose={() => setDialog(null)}
            symbol={state.symbol}
            market={market}
            leverage={state.leverage}
            positionNotional={position?.notional ?? null}
          />
          <MarginModeDialog
            open={dialog === 'mode'}
            onClose={() => setDialog(null)}
            symbol={state.symbol}
            marginMode={state.marginMode}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * What the available balance stands for: the contract account's figures in one margin
 * coin (USDT, or the coin of a coin-margined market).
 */
export function AccountBox({ coin }: { coin: string }) {
  const { t } = useTranslation('perps');
  const isLogin = useSession((s) => s.isLogin);
  const account = usePerpAccount(coin);
  if (!isLogin) return null;
  const data = account.data;
  const rows: [string, string | null | undefined][] = [
    ['account.wallet', data?.walletBalance],
    ['account.available', data?.available],
    ['account.positionMargin', data?.positionMargin],
    ['account.orderMargin', data?.orderMargin],
    ['account.unrealised', data?.unrealisedPnl],
    ['account.equity', data?.equity],
    ['account.maintenance', data?.maintenanceMargin],
  ];
  return (
    <section className={styles.box} aria-label={t('account.title')} data-testid="perp-account">
      <div className={styles.boxHead}>
        {t('account.title')} <span className={styles.muted}>{coin}</span>
      </div>
      {account.isError && !data ? (
        <p className={styles.hint}>{t('account.failed')}</p>
      ) : (
        <dl className={styles.account}>
          {rows.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{t(key)}</dt>
              <dd>
                <Amount value={value ?? null} unit={coin} />
              </dd>
            </div>
          ))}
          <dt>{t('account.crossRatio')}</dt>
          <dd className="num">{data ? percent(data.crossMarginRatio) : '--'}</dd>
        </dl>
      )}
    </section>
  );
}

/** A ratio fraction as "12.34 %". */
export const percent = (value: string) => {
  const text = ratePercent(value, 2);
  return text === null ? '--' : `${text} %`;
};
