import { memo } from 'react';
import { formatNumber, formatPrice } from '@meridian/core';
import type { MarketRow } from '@meridian/contract/calls/market';
import { useTicker } from '../../data/hooks.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { ChangePercent } from '../../widgets/Change.tsx';
import { PairName } from '../../widgets/Pair.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import styles from './quotes.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';
import { priceTone } from '../../../../shared/ui/tone.ts';

/**
 * One market of the table. It subscribes to its own symbol's ticker, so a tick repaints
 * this row only; the table around it renders again only when the list or order changes.
 */
export const QuoteRow = memo(function QuoteRow({
  row,
  onOpen,
  onToggleStar,
}: {
  row: MarketRow;
  onOpen: (symbol: string) => void;
  onToggleStar: (symbol: string) => void;
}) {
  const symbol = rowSymbol(row);
  const ticker = useTicker(symbol);
  const price = ticker?.close ?? row.close;
  const direction = useTickDirection(price);
  const volume = ticker?.volume24 ?? row.amount;
  return (
    <tr
      className={styles.quoteRow}
      data-symbol={symbol}
      tabIndex={0}
      onClick={() => onOpen(symbol)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(symbol);
      }}
    >
      <td className={styles.colStar}>
        <FavouriteStar symbol={symbol} name={row.symbol_name} onToggle={onToggleStar} />
      </td>
      <td>
        <PairName name={row.symbol_name} />
        <span className={`${styles.quoteSub} num ${ui.muted}`}>{formatNumber(volume)}</span>
      </td>
      <td className={cx(styles.colPrice, 'num', priceTone(direction))} data-testid="quote-price">
        {formatPrice(price)}
      </td>
      <td className={`${styles.colChange} num`} data-testid="quote-change">
        <ChangePercent
          value={ticker?.priceChangePercent ?? row.zdf}
          pill
          className={styles.changePill}
        />
      </td>
      <td className={`${styles.colVolume} num`}>{formatNumber(volume)}</td>
    </tr>
  );
});
