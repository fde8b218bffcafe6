import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatNumber } from '@meridian/core';
import { useMarketLayer } from '../../market/hooks.ts';
import { pairOf } from '../../market/symbols.ts';
import { bookView, type BookLevel } from './book-rows.ts';

/** Rows per side: fixed, so the book never changes height while it ticks. */
export const BOOK_ROWS = 12;

/** The order book of the market on screen, as fixed rows per side (ARCHITECTURE). */
export function useOrderBook(rows = BOOK_ROWS) {
  const { feed } = useMarketLayer();
  const depth = useStore(feed.depth.store, (s) => s.depth);
  return useMemo(() => bookView(depth, rows), [depth, rows]);
}

function Level({ level, side }: { level: BookLevel | null; side: 'ask' | 'bid' }) {
  return (
    <div className={`book-row book-${side}`} data-testid="book-row">
      {level ? (
        <>
          <span className="book-bar" style={{ width: `${level.depthPercent}%` }} aria-hidden />
          <span className={`num book-price px-${side === 'ask' ? 'down' : 'up'}`}>
            {formatNumber(level.price)}
          </span>
          <span className="num book-amount">{formatNumber(level.amount)}</span>
        </>
      ) : (
        // An empty level keeps its row: the book's height and the spread's place stay put.
        <span className="book-empty" aria-hidden>
          &nbsp;
        </span>
      )}
    </div>
  );
}

export function OrderBook({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const view = useOrderBook();
  const [base, quote] = pairOf(symbol);
  const empty = view.asks.every((l) => !l) && view.bids.every((l) => !l);
  return (
    <Card size="small" title={t('market.book.title')} className="market-panel book">
      <div className="book-head mkt-muted">
        <span>{t('market.book.priceIn', { quote: quote.toUpperCase() })}</span>
        <span className="num">{t('market.book.amountIn', { base: base.toUpperCase() })}</span>
      </div>
      <div className="book-side" aria-label={t('market.book.asks')}>
        {view.asks.map((level, i) => (
          // Index keys on purpose: row i stays row i and only its text changes.
          <Level key={i} level={level} side="ask" />
        ))}
      </div>
      <div className="book-spread">
        <span className="mkt-muted">{t('market.book.spread')}</span>
        <span className="num">{view.spread === null ? '--' : formatNumber(view.spread)}</span>
      </div>
      <div className="book-side" aria-label={t('market.book.bids')}>
        {view.bids.map((level, i) => (
          <Level key={i} level={level} side="bid" />
        ))}
      </div>
      {empty ? <p className="book-note mkt-muted">{t('market.book.empty')}</p> : null}
    </Card>
  );
}
