import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import styles from './market-page.module.css';
import { useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useMarketLayer, useTicker } from '../../data/hooks.ts';
import { pairOf } from '../../data/symbols.ts';
import { atDecimals } from '../../widgets/pad.ts';
import { useTickDirection } from '../../widgets/direction.ts';
import { displayPercent, fractionDigits, groupingSteps } from '@meridian/core';
import { bookView, type BookLevel } from './book-rows.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import ui from '../../../../shared/ui/market.module.css';
import { priceTone } from '../../../../shared/ui/tone.ts';
import { Amount, Price, useNumberLocale } from '../../../../shared/ui/numbers.tsx';

/** Rows per side at most: the depth the platform's market makers quote, so a normal book
 * fills them all; the sides keep this height, so the book never moves while it ticks. */
export const BOOK_ROWS = 10;

/** The order book of the market on screen, as at most `rows` levels per side (ARCHITECTURE). */
export function useOrderBook(rows = BOOK_ROWS, step: string | null = null) {
  const { feed } = useMarketLayer();
  const depth = useStore(feed.depth.store, (s) => s.depth);
  return useMemo(() => bookView(depth, rows, step), [depth, rows, step]);
}

/** Enter or space on a focused row acts like a click. */
const pressKeys = (pick: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    pick();
  }
};

interface Decimals {
  price: number;
  amount: number;
}

function Level({
  level,
  side,
  decimals,
  onPick,
}: {
  level: BookLevel;
  side: 'ask' | 'bid';
  decimals: Decimals;
  onPick?: ((price: string) => void) | undefined;
}) {
  const price = atDecimals(level.price, decimals.price);
  const pick = () => onPick?.(price);
  return (
    <div
      className={cx(
        styles.bookRow,
        styles[side === 'ask' ? 'bookAsk' : 'bookBid'],
        onPick && styles.pickable,
      )}
      data-testid="book-row"
      {...(onPick
        ? { role: 'button', tabIndex: 0, onClick: pick, onKeyDown: pressKeys(pick) }
        : {})}
    >
      <span className={styles.bookBar} style={{ width: `${level.depthPercent}%` }} aria-hidden />
      <Price
        value={level.price}
        decimals={decimals.price}
        className={cx(styles.bookPrice, side === 'ask' ? ui.down : ui.up)}
      />
      <Amount value={level.amount} decimals={decimals.amount} />
      <Amount value={level.total} decimals={decimals.amount} />
    </div>
  );
}

/**
 * Between the asks and the bids: the last price, coloured and arrowed by its last move,
 * the index price it trades around, and the spread with its percentage of the mid price.
 */
function MiddleRow({
  symbol,
  priceDecimals,
  spread,
  spreadPercent,
}: {
  symbol: string;
  priceDecimals: number;
  spread: string | null;
  spreadPercent: string | null;
}) {
  const { t } = useTranslation('markets');
  const { feed } = useMarketLayer();
  const locale = useNumberLocale();
  const ticker = useTicker(symbol);
  const lastTrade = useStore(feed.trades.store, (s) => s.trades[0]?.direction);
  const tick = useTickDirection(ticker?.close);
  // Before the first tick moves, the latest trade's side says which way the price went.
  const direction =
    tick !== 'flat' ? tick : lastTrade === 'buy' ? 'up' : lastTrade === 'sell' ? 'down' : 'flat';
  const Arrow = direction === 'up' ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <div className={styles.bookMiddle} data-testid="book-middle">
      <span
        className={cx('num', styles.bookLast, priceTone(direction))}
        title={t('market.col.lastPrice')}
        data-testid="book-last"
      >
        <Price value={ticker?.close} decimals={priceDecimals} />
        {direction === 'flat' ? null : (
          <Arrow
            className={styles.bookArrow}
            aria-label={t(direction === 'up' ? 'market.book.up' : 'market.book.down')}
          />
        )}
      </span>
      <span className={cx(styles.bookIndex, ui.muted)}>
        {t('market.book.index')}{' '}
        <span data-testid="book-index">
          <Price value={ticker?.indexPrice} decimals={priceDecimals} />
        </span>
      </span>
      <span className={cx(styles.bookSpread, ui.muted)}>
        {t('market.book.spread')}{' '}
        <span data-testid="book-spread">
          <Price value={spread} decimals={priceDecimals} />
          {spreadPercent === null ? null : (
            <span className="num">{` (${displayPercent(spreadPercent, { locale, signed: false })})`}</span>
          )}
        </span>
      </span>
    </div>
  );
}

/**
 * The book as at most `rows` levels per side, asks above the middle row and bids below,
 * each side aligned to the middle so a thin book leaves no empty rows between. With `tick`
 * it offers grouping by tick ×1 to ×1000; with `onPick` a row's price can be picked (the
 * trade page fills its order form with it).
 */
export function OrderBook({
  symbol,
  decimals,
  rows = BOOK_ROWS,
  tick,
  onPick,
  className,
  title,
}: {
  symbol: string;
  decimals: Decimals;
  rows?: number;
  tick?: string;
  onPick?: (price: string) => void;
  className?: string;
  /** In place of the panel's title (the trade page puts its book/trades switch there). */
  title?: ReactNode;
}) {
  const { t } = useTranslation('markets');
  const steps = useMemo(() => (tick ? groupingSteps(tick) : []), [tick]);
  const [chosen, setStep] = useState<string | null>(null);
  const step = chosen !== null && steps.includes(chosen) ? chosen : null;
  const view = useOrderBook(rows, step);
  const [base, quote] = pairOf(symbol);
  const empty = view.asks.length === 0 && view.bids.length === 0;
  // A coarser step than the tick needs fewer price decimals (a step of 10 shows none).
  const shown = step
    ? { ...decimals, price: Math.min(decimals.price, fractionDigits(step)) }
    : decimals;
  const size = { '--book-rows': rows } as CSSProperties;
  return (
    <Panel
      title={title ?? t('market.book.title')}
      className={cx(styles.marketPanel, styles.book, className)}
      classNames={{ head: title ? styles.switchHead : undefined, body: styles.panelBody }}
      style={size}
      extra={
        steps.length > 0 ? (
          // The browser's own list (antd's Select would bring some 22 KB of gzipped script
          // to the trade page's first screen for one choice among a few numbers).
          <select
            className={styles.bookGrouping}
            aria-label={t('market.book.grouping')}
            value={step ?? steps[0]}
            onChange={(event) => setStep(event.target.value)}
          >
            {steps.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        ) : null
      }
    >
      <div className={`${styles.bookHead} ${ui.muted}`}>
        <span>{t('market.book.priceIn', { quote: quote.toUpperCase() })}</span>
        <span className="num">{t('market.book.amountIn', { base: base.toUpperCase() })}</span>
        <span className="num">{t('market.book.totalIn', { base: base.toUpperCase() })}</span>
      </div>
      <div className={styles.bookSide} role="group" aria-label={t('market.book.asks')}>
        {view.asks.map((level, i) => (
          // Keyed by the distance from the middle: the row next to the spread stays the
          // same element while the book ticks, only its text changes.
          <Level
            key={view.asks.length - 1 - i}
            level={level}
            side="ask"
            decimals={shown}
            onPick={onPick}
          />
        ))}
      </div>
      <MiddleRow
        symbol={symbol}
        priceDecimals={decimals.price}
        spread={view.spread}
        spreadPercent={view.spreadPercent}
      />
      <div
        className={cx(styles.bookSide, styles.bookBids)}
        role="group"
        aria-label={t('market.book.bids')}
      >
        {view.bids.map((level, i) => (
          <Level key={i} level={level} side="bid" decimals={shown} onPick={onPick} />
        ))}
        {empty ? <EmptyState description={t('market.book.empty')} /> : null}
      </div>
    </Panel>
  );
}
