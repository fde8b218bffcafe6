import { useTranslation } from 'react-i18next';
import styles from './market-page.module.css';
import { formatNumber } from '@meridian/core';
import { useTicker } from '../../data/hooks.ts';
import { ChangePercent } from '../../widgets/Change.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { atDecimals } from '../../widgets/pad.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';
import { priceTone } from '../../../../shared/ui/tone.ts';

/**
 * The 24 h figures of the market on screen; it re-renders only when that market ticks.
 * The last price is written at the market's tick precision like the book and the trades
 * beside it, not abbreviated as in the lists, so it can be read against them digit by digit.
 */
export function MarketStats({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const price = (value: string) => atDecimals(value, priceDecimals);
  const { t } = useTranslation('markets');
  const ticker = useTicker(symbol);
  const direction = useTickDirection(ticker?.close);
  const stats = [
    { key: 'high', label: t('market.col.high24h'), value: ticker && price(ticker.high24) },
    { key: 'low', label: t('market.col.low24h'), value: ticker && price(ticker.low24) },
    {
      key: 'volume',
      label: t('market.col.volume24h'),
      value: ticker && formatNumber(ticker.volume24),
    },
  ];
  return (
    <div className={styles.marketStats}>
      <div className={styles.marketLast}>
        <span
          className={cx('num', styles.marketLastPrice, priceTone(direction))}
          data-testid="market-last"
        >
          {ticker ? price(ticker.close) : '--'}
        </span>
        <ChangePercent value={ticker?.priceChangePercent} pill />
      </div>
      <dl className={styles.marketFigures}>
        {stats.map((s) => (
          <div key={s.key}>
            <dt className={ui.muted}>{s.label}</dt>
            <dd className="num">{s.value ?? '--'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
