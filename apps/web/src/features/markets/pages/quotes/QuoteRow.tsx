import { memo } from 'react';
import { formatNumber, formatPrice } from '@meridian/core';
import type { MarketRow } from '@meridian/contract/calls/market';
import { useTicker } from '../../data/hooks.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { ChangePercent } from '../../widgets/Change.tsx';
import { PairName } from '../../widgets/Pair.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';

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
      className="quote-row"
      data-symbol={symbol}
      tabIndex={0}
      onClick={() => onOpen(symbol)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(symbol);
      }}
    >
      <td className="col-star">
        <FavouriteStar symbol={symbol} name={row.symbol_name} onToggle={onToggleStar} />
      </td>
      <td className="col-pair">
        <PairName name={row.symbol_name} />
        <span className="quote-sub num mkt-muted">{formatNumber(volume)}</span>
      </td>
      <td className={`col-price num px-${direction}`} data-testid="quote-price">
        {formatPrice(price)}
      </td>
      <td className="col-change num">
        <ChangePercent value={ticker?.priceChangePercent ?? row.zdf} pill />
      </td>
      <td className="col-volume num">{formatNumber(volume)}</td>
    </tr>
  );
});
