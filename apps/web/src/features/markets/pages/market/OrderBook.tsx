import { Card, Select } from 'antd';
import styles from './market-page.module.css';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useMarketLayer } from '../../data/hooks.ts';
import { pairOf } from '../../data/symbols.ts';
import { atDecimals } from '../../widgets/pad.ts';
import { fractionDigits, groupingSteps, groupLevels } from '@meridian/core';
import { bookView, type BookLevel } from './book-rows.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';

/** Rows per side: fixed, so the book never changes height while it ticks. */
export const BOOK_ROWS = 12;

/** The order book of the market on screen, as fixed rows per side (ARCHITECTURE). */
export function useOrderBook(rows = BOOK_ROWS, step: string | null = null) {
  const { feed } = useMarketLayer();
  const depth = useStore(feed.depth.store, (s) => s.depth);
  return useMemo(() => {
    const grouped =
      depth && step
        ? {
            ...depth,
            asks: groupLevels(depth.asks, 'ask', step),
            bids: groupLevels(depth.bids, 'bid', step),
          }
        : depth;
    // The spread is the book's real one: grouped rows round it away from the prices.
    return { ...bookView(grouped, rows), spread: bookView(depth, 1).spread };
  }, [depth, rows, step]);
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
  level: BookLevel | null;
  side: 'ask' | 'bid';
  decimals: Decimals;
  onPick?: ((price: string) => void) | undefined;
}) {
  const price = level ? atDecimals(level.price, decimals.price) : '';
  const pickable = level !== null && onPick !== undefined;
  const pick = () => onPick?.(price);
  return (
    <div
      className={cx(
        styles.bookRow,
        styles[side === 'ask' ? 'bookAsk' : 'bookBid'],
        pickable && styles.pickable,
      )}
      data-testid="book-row"
      {...(pickable
        ? { role: 'button', tabIndex: 0, onClick: pick, onKeyDown: pressKeys(pick) }
        : {})}
    >
      {level ? (
        <>
          <span
            className={styles.bookBar}
            style={{ width: `${level.depthPercent}%` }}
            aria-hidden
          />
          <span className={cx('num', styles.bookPrice, side === 'ask' ? ui.down : ui.up)}>
            {price}
          </span>
          <span className="num">{atDecimals(level.amount, decimals.amount)}</span>
        </>
      ) : (
        // An empty level keeps its row: the book's height and the spread's place stay put.
        <span aria-hidden>&nbsp;</span>
      )}
    </div>
  );
}

/**
 * The book as fixed rows. With `tick` it offers grouping by tick ×1 to ×1000; with
 * `onPick` a row's price can be picked (the trade page fills its order form with it).
 */
export function OrderBook({
  symbol,
  decimals,
  rows = BOOK_ROWS,
  tick,
  onPick,
}: {
  symbol: string;
  decimals: Decimals;
  rows?: number;
  tick?: string;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation('markets');
  const steps = useMemo(() => (tick ? groupingSteps(tick) : []), [tick]);
  const [chosen, setStep] = useState<string | null>(null);
  const step = chosen !== null && steps.includes(chosen) ? chosen : null;
  const view = useOrderBook(rows, step);
  const [base, quote] = pairOf(symbol);
  const empty = view.asks.every((l) => !l) && view.bids.every((l) => !l);
  // A coarser step than the tick needs fewer price decimals (a step of 10 shows none).
  const shown = step
    ? { ...decimals, price: Math.min(decimals.price, fractionDigits(step)) }
    : decimals;
  return (
    <Card
      size="small"
      title={t('market.book.title')}
      className={styles.marketPanel}
      extra={
        steps.length > 0 ? (
          <Select
            size="small"
            className={styles.bookGrouping}
            aria-label={t('market.book.grouping')}
            value={step ?? steps[0]}
            onChange={setStep}
            popupMatchSelectWidth={false}
            options={steps.map((value) => ({ value, label: value }))}
          />
        ) : null
      }
    >
      <div className={`${styles.bookHead} ${ui.muted}`}>
        <span>{t('market.book.priceIn', { quote: quote.toUpperCase() })}</span>
        <span className="num">{t('market.book.amountIn', { base: base.toUpperCase() })}</span>
      </div>
      <div aria-label={t('market.book.asks')}>
        {view.asks.map((level, i) => (
          // Index keys on purpose: row i stays row i and only its text changes.
          <Level key={i} level={level} side="ask" decimals={shown} onPick={onPick} />
        ))}
      </div>
      <div className={styles.bookSpread}>
        <span className={ui.muted}>{t('market.book.spread')}</span>
        <span className="num">
          {view.spread === null ? '--' : atDecimals(view.spread, decimals.price)}
        </span>
      </div>
      <div aria-label={t('market.book.bids')}>
        {view.bids.map((level, i) => (
          <Level key={i} level={level} side="bid" decimals={shown} onPick={onPick} />
        ))}
      </div>
      {empty ? <p className={`${styles.bookNote} ${ui.muted}`}>{t('market.book.empty')}</p> : null}
    </Card>
  );
}
