import { useTranslation } from 'react-i18next';
import { Link } from '../../../../shared/router/index.tsx';
import type { MarketRow } from '@meridian/contract/calls/market';
import { useTicker } from '../../data/hooks.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { PairName } from '../../widgets/Pair.tsx';
import { useTickDirection } from '../../widgets/direction.ts';
import { Sparkline } from './Sparkline.tsx';
import styles from './home.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { priceTone } from '../../../../shared/ui/tone.ts';
import { Fiat, Percent, Price } from '../../../../shared/ui/numbers.tsx';

/** How many main markets the home page shows. */
export const OVERVIEW_SIZE = 4;

/** The markets the listing marks `main` (its plate), else the first ones listed. */
export function mainMarkets(rows: MarketRow[], size = OVERVIEW_SIZE): MarketRow[] {
  const main = rows.filter((r) => r.plate.split(',').includes('main'));
  return (main.length > 0 ? main : rows).slice(0, size);
}

function OverviewCard({ row }: { row: MarketRow }) {
  const symbol = rowSymbol(row);
  const ticker = useTicker(symbol);
  const price = ticker?.close ?? row.close;
  const direction = useTickDirection(price);
  return (
    <Link to={`/market/main?symbol=${symbol}`} className={styles.overviewCard}>
      <div className={styles.overviewTop}>
        <PairName name={row.symbol_name} />
        <Percent value={ticker?.priceChangePercent ?? row.zdf} />
      </div>
      <Price value={price} className={cx(styles.overviewPrice, priceTone(direction))} />
      <Fiat value={price} className={styles.overviewFiat} />
      <Sparkline symbol={symbol} />
    </Link>
  );
}

/**
 * A card's place while the markets load: the same boxes and line heights as a card, so
 * nothing below moves when the prices arrive.
 */
function OverviewCardPlaceholder() {
  return (
    <div className={cx(styles.overviewCard, styles.placeholder)} aria-hidden>
      <span className={styles.overviewTop}>&nbsp;</span>
      <span className={styles.overviewPrice}>&nbsp;</span>
      <span className={styles.overviewFiat}>&nbsp;</span>
      <span className={styles.sparkline} />
    </div>
  );
}

export function MarketOverview({ rows, loading }: { rows: MarketRow[]; loading: boolean }) {
  const { t } = useTranslation('markets');
  return (
    <Panel
      title={t('market.home.overview')}
      extra={<Link to="/quotes/index">{t('market.home.allMarkets')}</Link>}
    >
      <div className={styles.overviewGrid} aria-busy={loading}>
        {loading
          ? Array.from({ length: OVERVIEW_SIZE }, (_, i) => <OverviewCardPlaceholder key={i} />)
          : mainMarkets(rows).map((row) => <OverviewCard key={row.id} row={row} />)}
      </div>
    </Panel>
  );
}
