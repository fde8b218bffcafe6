import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { SkeletonLines } from '../../../shared/ui/SkeletonLines.tsx';
import { Amount, Exact, Percent, Price } from '../../../shared/ui/numbers.tsx';
import ui from '../../../shared/ui/market.module.css';
import { tradePath, type PerpKind } from '../data/kind.ts';
import { perpName, useMarketCoins } from '../data/market.ts';
import { usePerpTickers } from '../data/queries.ts';
import { FundingRate } from './MarketHeader.tsx';

/**
 * The quotes page's contract tabs: every perpetual's live figures (or those of one kind),
 * each a link to trade, coin-margined ones labelled so, turnover in each market's coin.
 */
export function PerpQuotes({
  search,
  empty,
  kind,
}: {
  search: string;
  /** What an empty list says (the quotes page leads back to spot); the feature's own otherwise. */
  empty?: ReactNode;
  /** Only the USDT-margined or only the coin-margined markets; all without. */
  kind?: PerpKind;
}) {
  const { t } = useTranslation('perps');
  const tickers = usePerpTickers();
  const coins = useMarketCoins();
  if (tickers.isPending) return <SkeletonLines rows={6} />;
  if (tickers.isError && !tickers.data)
    return <LoadFailed title={t('page.failed')} onRetry={() => void tickers.refetch()} />;
  if (tickers.data.length === 0) return empty ?? <EmptyState description={t('page.noMarkets')} />;
  const text = search.trim().toLowerCase().replace('/', '');
  const rows = tickers.data.filter(
    (row) => (!text || row.symbol.includes(text)) && (!kind || coins.kindOf(row.symbol) === kind),
  );
  if (rows.length === 0) return <EmptyState kind="filtered" />;
  return (
    <table className={ui.dataTable} data-testid="perp-quotes">
      <thead>
        <tr>
          <th>{t('quotes.contract')}</th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('quotes.last')}
          </th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('header.mark')}
          </th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('header.change')}
          </th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('lists.col.rate')}
          </th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('header.turnover')}
          </th>
          <th className="num" style={{ textAlign: 'right' }}>
            {t('header.openInterest')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.symbol} data-kind={coins.kindOf(row.symbol)}>
            <td>
              <Link to={tradePath(row.symbol, coins.kindOf(row.symbol))}>
                <span className={ui.pair}>{perpName(row.symbol)}</span>{' '}
                <span className={ui.pairQuote}>
                  {t(
                    coins.kindOf(row.symbol) === 'inverse'
                      ? 'quotes.coinMargined'
                      : 'quotes.perpetual',
                  )}
                </span>
              </Link>
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <Price value={row.lastPrice} />
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <Price value={row.markPrice} />
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <Percent value={row.change24h} />
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <FundingRate rate={row.estimatedFundingRate} />
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <Amount value={row.turnover24h} compact unit={coins.coinOf(row.symbol)} />
            </td>
            <td className="num" style={{ textAlign: 'right' }}>
              <Exact value={String(row.openInterest)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
