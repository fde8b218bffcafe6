import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../shared/router/index.tsx';
import { useStore } from 'zustand';
import { compareDecimal } from '@meridian/core';
import type { MarketRow, PriceInfo } from '@meridian/contract/calls/market';
import { useMarketLayer } from '../../data/hooks.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { PairName } from '../../widgets/Pair.tsx';
import styles from './home.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import { Percent, Price } from '../../../../shared/ui/numbers.tsx';

export const MOVERS_SIZE = 5;

export interface Mover {
  row: MarketRow;
  close: string;
  percent: string;
}

/**
 * The biggest risers and fallers of the day, by exact comparison of the change. A market
 * that did not move is in neither list, so a quiet day shows an honest empty state.
 */
export function topMovers(
  rows: MarketRow[],
  tickers: Record<string, PriceInfo>,
  size = MOVERS_SIZE,
): { gainers: Mover[]; losers: Mover[] } {
  const movers = rows.map((row) => {
    const ticker = tickers[rowSymbol(row)];
    return {
      row,
      close: ticker?.close ?? row.close,
      percent: ticker?.priceChangePercent ?? row.zdf,
    };
  });
  const byChange = [...movers].sort((a, b) => compareDecimal(b.percent, a.percent));
  return {
    gainers: byChange.filter((m) => compareDecimal(m.percent, '0') > 0).slice(0, size),
    losers: byChange
      .filter((m) => compareDecimal(m.percent, '0') < 0)
      .reverse()
      .slice(0, size),
  };
}

/** The list's place while the markets load: as many rows as it shows, each as high. */
function MoverPlaceholder() {
  return (
    <ol className={styles.moversList} aria-hidden>
      {Array.from({ length: MOVERS_SIZE }, (_, i) => (
        <li key={i}>
          <span className={cx(styles.moverRow, styles.placeholder)}>&nbsp;</span>
        </li>
      ))}
    </ol>
  );
}

function MoverList({
  title,
  movers,
  loading,
}: {
  title: string;
  movers: Mover[];
  loading: boolean;
}) {
  const { t } = useTranslation('markets');
  return (
    <Panel title={title}>
      {loading ? (
        <MoverPlaceholder />
      ) : movers.length === 0 ? (
        <EmptyState description={t('market.home.empty')} />
      ) : (
        <ol className={styles.moversList}>
          {movers.map((m) => (
            <li key={m.row.id}>
              <Link to={`/market/main?symbol=${rowSymbol(m.row)}`} className={styles.moverRow}>
                <PairName name={m.row.symbol_name} />
                <Price value={m.close} />
                <Percent value={m.percent} pill />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** Gainers and losers; they re-rank with the ticker batches (about once a second). */
export function TopMovers({ rows, loading = false }: { rows: MarketRow[]; loading?: boolean }) {
  const { t } = useTranslation('markets');
  const { feed } = useMarketLayer();
  const tickers = useStore(feed.tickers.store, (s) => s.bySymbol);
  const { gainers, losers } = useMemo(() => topMovers(rows, tickers), [rows, tickers]);
  return (
    <div className={styles.homeMovers}>
      <MoverList title={t('market.home.gainers')} movers={gainers} loading={loading} />
      <MoverList title={t('market.home.losers')} movers={losers} loading={loading} />
    </div>
  );
}
