import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useMarketLayer } from '../../market/hooks.ts';
import { pairOf } from '../../market/symbols.ts';
import { atDecimals } from '../../market/view/pad.ts';
import { bookView, type BookLevel } from './book-rows.ts';

/** Rows per side: fixed, so the book never changes height while it ticks. */
export const BOOK_ROWS = 12;

/** The order book of the market on screen, as fixed rows per side (ARCHITECTURE). */
export function useOrderBook(rows = BOOK_ROWS) {
  const { feed } = useMarketLayer();
  const depth = useStore(feed.depth.store, (s) => s.depth);
  return useMemo(() => bookView(depth, rows), [depth, rows]);
}

interface Decimals {
  price: number;
  amount: number;
}

function Level({
  level,
  side,
  decimals,
}: {
  level: BookLevel | null;
  side: 'ask' | 'bid';
  decimals: Decimals;
}) {
  return (
    <div className={`book-row book-${side}`} data-testid="book-row">
      {level ? (
        <>
          <span className="book-bar" style={{ width: `${level.depthPercent}%` }} aria-hidden />
          <span className={`num book-price px-${side === 'ask' ? 'down' : 'up'}`}>
            {atDecimals(level.price, decimals.price)}
          </span>
          <span className="num book-amount">{atDecimals(level.amount, decimals.amount)}</span>
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

export function OrderBook({ symbol, decimals }: { symbol: string; decimals: Decimals }) {
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
          <Level key={i} level={level} side="ask" decimals={decimals} />
        ))}
      </div>
      <div className="book-spread">
        <span className="mkt-muted">{t('market.book.spread')}</span>
        <span className="num">
          {view.spread === null ? '--' : atDecimals(view.spread, decimals.price)}
        </span>
      </div>
      <div className="book-side" aria-label={t('market.book.bids')}>
        {view.bids.map((level, i) => (
          <Level key={i} level={level} side="bid" decimals={decimals} />
        ))}
      </div>
      {empty ? <p className="book-note mkt-muted">{t('market.book.empty')}</p> : null}
    </Card>
  );
}
