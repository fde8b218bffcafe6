import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@meridian/core';
import type { PerpTicker } from '@meridian/contract/calls/perps';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import { usePerpDepth, usePerpTrades } from '../data/queries.ts';
import { kindOfSymbol } from '../data/kind.ts';
import styles from './perps.module.css';

type Level = readonly [string, number];

/** Running totals of contracts from the best price out, and the largest for the bars. */
export function withTotals(levels: readonly Level[]) {
  let total = 0n;
  const rows = levels.map(([price, contracts]) => {
    total += BigInt(contracts);
    return { price, contracts, total };
  });
  return { rows, largest: total };
}

/** The spread between the best ask and the best bid, or null with a side empty. */
export function spreadOf(bids: readonly Level[], asks: readonly Level[]): string | null {
  const bid = bids[0] ? Decimal.parse(bids[0][0]) : null;
  const ask = asks[0] ? Decimal.parse(asks[0][0]) : null;
  return bid && ask ? ask.minus(bid).toString() : null;
}

/** A depth bar's width: the running total's share of the side's (a pixel width). */
const share = (total: bigint, largest: bigint) =>
  largest === 0n ? '0%' : `${Number((total * 100n) / largest)}%`;

function Side({
  rows,
  largest,
  kind,
  decimals,
  onPick,
}: {
  rows: ReturnType<typeof withTotals>['rows'];
  largest: bigint;
  kind: 'bid' | 'ask';
  decimals: number;
  onPick?: (price: string) => void;
}) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr
          key={row.price}
          className={styles[kind]}
          onClick={() => onPick?.(row.price)}
          style={{ cursor: onPick ? 'pointer' : undefined }}
        >
          <td className={kind === 'bid' ? styles.up : styles.down}>
            <Price value={row.price} decimals={decimals} />
          </td>
          <td>
            <Amount value={String(row.contracts)} />
          </td>
          <td>
            <Amount value={row.total.toString()} />
            <span className={styles.depthBar} style={{ width: share(row.total, largest) }} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The perpetual's book in contracts: asks above (best nearest the middle), the last and
 * mark prices and the spread between the sides, bids below. A price picked fills the form.
 */
export function PerpBook({
  symbol,
  rows,
  decimals,
  ticker,
  onPick,
}: {
  symbol: string;
  rows: number;
  decimals: number;
  ticker?: PerpTicker;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation('perps');
  const depth = usePerpDepth(symbol, rows);
  if (depth.isPending) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  if (depth.isError && !depth.data)
    return <LoadFailed title={t('book.failed')} onRetry={() => void depth.refetch()} />;
  const bids = withTotals(depth.data.bids.slice(0, rows));
  const asks = withTotals(depth.data.asks.slice(0, rows));
  const largest = bids.largest > asks.largest ? bids.largest : asks.largest;
  const spread = spreadOf(depth.data.bids, depth.data.asks);
  const head = (
    <thead>
      <tr>
        <th>{t(priceHeadKey(symbol))}</th>
        <th>{t('book.contracts')}</th>
        <th>{t('book.total')}</th>
      </tr>
    </thead>
  );
  return (
    <div data-testid="perp-book">
      <table className={styles.book}>
        {head}
        <Side
          rows={[...asks.rows].reverse()}
          largest={largest}
          kind="ask"
          decimals={decimals}
          onPick={onPick}
        />
      </table>
      <div className={styles.mid}>
        <span className={styles.midPrice}>
          <Price value={ticker?.lastPrice ?? null} decimals={decimals} />
        </span>
        <span className={styles.muted}>
          {t('book.mark')} <Price value={ticker?.markPrice} decimals={decimals} />
        </span>
        <span className={styles.muted}>
          {t('book.spread')} <Price value={spread} decimals={decimals} />
        </span>
      </div>
      <table className={styles.book}>
        <Side rows={bids.rows} largest={largest} kind="bid" decimals={decimals} onPick={onPick} />
      </table>
      {bids.rows.length === 0 && asks.rows.length === 0 ? (
        <EmptyState description={t('book.empty')} />
      ) : null}
    </div>
  );
}

/** The price column's title: USDT prices, or USD for a coin-margined market. */
const priceHeadKey = (symbol: string) =>
  kindOfSymbol(symbol) === 'inverse' ? 'form.priceUsd' : 'book.price';

/** The market's latest trades, newest first; the taker's side gives the colour. */
export function PerpTrades({
  symbol,
  rows,
  decimals,
  onPick,
}: {
  symbol: string;
  rows: number;
  decimals: number;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation('perps');
  const formatTime = useFormatTime();
  const trades = usePerpTrades(symbol, rows);
  if (trades.isPending) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  if (trades.isError && !trades.data)
    return <LoadFailed title={t('trades.failed')} onRetry={() => void trades.refetch()} />;
  if (trades.data.length === 0) return <EmptyState description={t('trades.empty')} />;
  return (
    <table className={styles.book} data-testid="perp-trades">
      <thead>
        <tr>
          <th>{t(priceHeadKey(symbol))}</th>
          <th>{t('book.contracts')}</th>
          <th>{t('trades.time')}</th>
        </tr>
      </thead>
      <tbody>
        {trades.data.map((trade) => (
          <tr key={trade.id} onClick={() => onPick?.(trade.price)}>
            <td className={trade.takerSide === 'buy' ? styles.up : styles.down}>
              <Price value={trade.price} decimals={decimals} />
            </td>
            <td>
              <Amount value={String(trade.contracts)} />
            </td>
            <td className={`num ${styles.muted}`}>
              {formatTime(new Date(trade.time).toISOString()).slice(-8)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Book and trades in one box, switched by a segmented control. */
export function BookAndTrades({
  symbol,
  decimals,
  ticker,
  rows,
  onPick,
}: {
  symbol: string;
  decimals: number;
  ticker?: PerpTicker;
  rows: number;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation('perps');
  const [tab, setTab] = useState<'book' | 'trades'>('book');
  return (
    <section className={`${styles.box} ${styles.boxFill}`} aria-label={t('book.title')}>
      <div className={styles.boxHead}>
        <Segmented<'book' | 'trades'>
          size="small"
          value={tab}
          onChange={setTab}
          options={[
            { value: 'book', label: t('book.title') },
            { value: 'trades', label: t('trades.title') },
          ]}
        />
      </div>
      <div className={styles.scroll}>
        {tab === 'book' ? (
          <PerpBook
            symbol={symbol}
            rows={rows}
            decimals={decimals}
            ticker={ticker}
            onPick={onPick}
          />
        ) : (
          <PerpTrades symbol={symbol} rows={rows * 2} decimals={decimals} onPick={onPick} />
        )}
      </div>
    </section>
  );
}
