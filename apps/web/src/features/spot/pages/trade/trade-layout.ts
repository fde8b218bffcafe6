import { rowsThatFit } from '../../../markets/index.ts';

/** A book or trades row on a wide screen, px (the markets feature's CSS draws them so). */
const ROW_PX = 20;
/** The book's panel around its rows: title, column heads, the middle row, padding. */
const BOOK_CHROME_PX = 126;
/** The trades' panel around its rows: title, column heads, padding. */
const TRADES_CHROME_PX = 72;
const GAP_PX = 8;
/** Enough levels for a trader, and the depth the platform's market makers quote. */
const BOOK_ROWS = { min: 5, max: 10 } as const;
/** Below this the column shows the book or the trades, a tab each; above, both. */
const STACK_FROM_PX = 760;

export interface TradeLayout {
  /** Book above trades in one column (tall rows), or a tab each (short rows). */
  stacked: boolean;
  bookRows: number;
  tradeRows: number;
}

/**
 * How the column beside the chart is shared out for a chart row `height` px tall: the
 * book gets the levels that fit (at most the market makers' depth, so no side shows a
 * blank row in a normal market), the trades the rest.
 */
export function tradeLayout(height: number): TradeLayout {
  const stacked = height >= STACK_FROM_PX;
  if (!stacked) {
    // One panel at a time, the switch in its title: each has the whole column.
    return {
      stacked,
      bookRows: rowsThatFit(height, ROW_PX, BOOK_CHROME_PX, BOOK_ROWS),
      tradeRows: Math.max(1, Math.floor((height - TRADES_CHROME_PX) / ROW_PX)),
    };
  }
  const bookRows = rowsThatFit(height * 0.65, ROW_PX, BOOK_CHROME_PX, BOOK_ROWS);
  const bookPx = BOOK_CHROME_PX + 2 * bookRows * ROW_PX;
  return {
    stacked,
    bookRows,
    tradeRows: Math.max(1, Math.floor((height - bookPx - GAP_PX - TRADES_CHROME_PX) / ROW_PX)),
  };
}
