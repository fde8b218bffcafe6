import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketRow } from '@meridian/contract/calls/market';
import { useTicker } from '../../data/hooks.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { PairName } from '../../widgets/Pair.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import styles from './quotes.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';
import { priceTone } from '../../../../shared/ui/tone.ts';
import { Amount, Percent, Price } from '../../../../shared/ui/numbers.tsx';

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
  const { t } = useTranslation('markets');
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
        {row.state === 'paused' && <span className={styles.paused}>{t('market.paused')}</span>}
        <Amount value={volume} compact className={`${styles.quoteSub} ${ui.muted}`} />
      </td>
      <td className={cx(styles.colPrice, 'num', priceTone(direction))} data-testid="quote-price">
        <Price value={price} />
      </td>
      <td className={`${styles.colChange} num`} data-testid="quote-change">
        <Percent value={ticker?.priceChangePercent ?? row.zdf} pill className={styles.changePill} />
      </td>
      <td className={`${styles.colVolume} num`}>
        <Amount value={volume} compact />
      </td>
    </tr>
  );
});
