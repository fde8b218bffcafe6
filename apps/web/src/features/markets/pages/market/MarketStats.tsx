import { useTranslation } from 'react-i18next';
import styles from './market-page.module.css';
import { useTicker } from '../../data/hooks.ts';
import { ChangePercent } from '../../widgets/Change.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';
import { priceTone } from '../../../../shared/ui/tone.ts';
import { Amount, Price } from '../../../../shared/ui/numbers.tsx';

/**
 * The 24 h figures of the market on screen; it re-renders only when that market ticks.
 * The last price is written at the market's tick precision like the book and the trades
 * beside it, not abbreviated as in the lists, so it can be read against them digit by digit.
 */
export function MarketStats({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const { t } = useTranslation('markets');
  const ticker = useTicker(symbol);
  const direction = useTickDirection(ticker?.close);
  const stats = [
    {
      key: 'high',
      label: t('market.col.high24h'),
      value: <Price value={ticker?.high24} decimals={priceDecimals} />,
    },
    {
      key: 'low',
      label: t('market.col.low24h'),
      value: <Price value={ticker?.low24} decimals={priceDecimals} />,
    },
    {
      key: 'volume',
      label: t('market.col.volume24h'),
      // Compact (5.21M): a figure to scan, not to trade on.
      value: <Amount value={ticker?.volume24} compact />,
    },
  ];
  return (
    <div className={styles.marketStats}>
      <div className={styles.marketLast}>
        <span
          className={cx(styles.marketLastPrice, priceTone(direction))}
          data-testid="market-last"
        >
          <Price value={ticker?.close} decimals={priceDecimals} />
        </span>
        <ChangePercent value={ticker?.priceChangePercent} pill />
      </div>
      <dl className={styles.marketFigures}>
        {stats.map((s) => (
          <div key={s.key}>
            <dt className={ui.muted}>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
