import { useTranslation } from 'react-i18next';
import { formatNumber } from '@meridian/core';
import { useTicker } from '../../market/hooks.ts';
import { ChangePercent } from '../../market/view/Change.tsx';
import { useTickDirection } from '../../market/view/direction.ts';

/**
 * The 24 h figures of the market on screen; it re-renders only when that market ticks.
 * The last price is written like the book and the trades beside it (formatNumber), not
 * abbreviated as in the lists, so it can be read against them digit by digit.
 */
export function MarketStats({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const ticker = useTicker(symbol);
  const direction = useTickDirection(ticker?.close);
  const stats = [
    { key: 'high', label: t('market.col.high24h'), value: ticker && formatNumber(ticker.high24) },
    { key: 'low', label: t('market.col.low24h'), value: ticker && formatNumber(ticker.low24) },
    {
      key: 'volume',
      label: t('market.col.volume24h'),
      value: ticker && formatNumber(ticker.volume24),
    },
  ];
  return (
    <div className="market-stats">
      <div className="market-last">
        <span className={`num market-last-price px-${direction}`} data-testid="market-last">
          {ticker ? formatNumber(ticker.close) : '--'}
        </span>
        <ChangePercent value={ticker?.priceChangePercent} pill />
      </div>
      <dl className="market-figures">
        {stats.map((s) => (
          <div key={s.key}>
            <dt className="mkt-muted">{s.label}</dt>
            <dd className="num">{s.value ?? '--'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
