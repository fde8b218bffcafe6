import { ArrowDownOutlined, ArrowUpOutlined, SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../../../shared/router/index.tsx';
import { useLiveTickers } from '../../data/hooks.ts';
import { useSeedTickers } from '../../data/rows.ts';
import { rowSymbol } from '../../data/symbols.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { ButtonLink, PlainButton } from '../../../../shared/ui/PlainButton.tsx';
import { PlainTabs } from '../../../../shared/ui/PlainTabs.tsx';
import { SkeletonLines } from '../../../../shared/ui/SkeletonLines.tsx';
import ui from '../../../../shared/ui/market.module.css';
import { QuoteRow } from './QuoteRow.tsx';
import { useFavouriteToggle } from '../../data/useFavouriteToggle.ts';
import {
  QUOTE_TABS,
  useQuotes,
  type QuoteTab,
  type QuotesState,
  type SortKey,
} from './useQuotes.ts';
import styles from './quotes.module.css';

// The contract tabs list the perps feature's tickers, loaded when one of them opens.
const PerpQuotes = lazy(async () => ({
  default: (await import('../../../perps/lazy.ts')).PerpQuotes,
}));

const isTab = (value: string | null): value is QuoteTab =>
  (QUOTE_TABS as readonly (string | null)[]).includes(value);

/** Each sortable column's class, which fixes its width. */
const COLUMN_CLASS = { price: 'colPrice', change: 'colChange', volume: 'colVolume' } as const;

function SortHeader({
  quotes,
  column,
  label,
}: {
  quotes: QuotesState;
  column: SortKey;
  label: string;
}) {
  const active = quotes.sort?.key === column ? quotes.sort.order : undefined;
  return (
    <th
      className={`${styles[COLUMN_CLASS[column]]} num`}
      aria-sort={active ? (active === 'ascend' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className={styles.sortButton} onClick={() => quotes.toggleSort(column)}>
        {label}
        <span className={styles.sortMark} aria-hidden>
          {active === 'ascend' ? (
            <ArrowUpOutlined />
          ) : active === 'descend' ? (
            <ArrowDownOutlined />
          ) : null}
        </span>
      </button>
    </th>
  );
}

function QuotesBody({ quotes }: { quotes: QuotesState }) {
  const { t } = useTranslation(['markets', 'common']);
  const navigate = useNavigate();
  const onToggleStar = useFavouriteToggle();
  const onOpen = useCallback(
    (symbol: string) => navigate(`/market/main?symbol=${symbol}`),
    [navigate],
  );

  if (quotes.needsLogin) {
    return (
      <EmptyState description={t('market.quotes.watchlistLogin')}>
        <ButtonLink
          kind="primary"
          to={`/user/login?redirect=${encodeURIComponent('/quotes/index?tab=watchlist')}`}
        >
          {t('menu.login')}
        </ButtonLink>
      </EmptyState>
    );
  }
  if (quotes.tab === 'perpetual' || quotes.tab === 'usdt') {
    return (
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <PerpQuotes
          search={quotes.search}
          // The USDT contract tab lists the USDT-margined markets; the perpetual tab all,
          // the coin-margined ones included.
          kind={quotes.tab === 'usdt' ? 'linear' : undefined}
          // Said plainly rather than as an empty search: no contract market is listed.
          empty={
            <EmptyState description={t('market.quotes.noContracts')}>
              <PlainButton kind="primary" onClick={() => quotes.setTab('spot')}>
                {t('market.quotes.browseSpot')}
              </PlainButton>
            </EmptyState>
          }
        />
      </Suspense>
    );
  }
  if (quotes.loading) {
    // As high as the screen: the footer stays below the fold until the table is there.
    return (
      <div className={styles.quotesLoading}>
        <SkeletonLines rows={8} />
      </div>
    );
  }
  if (quotes.failed) {
    return <LoadFailed title={t('market.loadFailed')} onRetry={quotes.retry} />;
  }
  if (quotes.total === 0 && quotes.tab === 'watchlist') {
    return (
      <EmptyState description={t('market.quotes.watchlistEmpty')}>
        <PlainButton kind="primary" onClick={() => quotes.setTab('spot')}>
          {t('market.quotes.browseSpot')}
        </PlainButton>
      </EmptyState>
    );
  }
  if (quotes.rows.length === 0) {
    return (
      <EmptyState
        kind="filtered"
        description={t('market.quotes.noMatch', { search: quotes.search })}
      />
    );
  }
  return (
    <table className={`${ui.dataTable} ${styles.quotesTable}`}>
      <thead>
        <tr>
          <th className={styles.colStar}>
            <span className="visually-hidden">{t('market.quotes.favourite')}</span>
          </th>
          <th>{t('market.col.pair')}</th>
          <SortHeader quotes={quotes} column="price" label={t('market.col.lastPrice')} />
          <SortHeader quotes={quotes} column="change" label={t('market.col.change24h')} />
          <SortHeader quotes={quotes} column="volume" label={t('market.col.volume24h')} />
        </tr>
      </thead>
      <tbody>
        {quotes.rows.map((row) => (
          <QuoteRow key={rowSymbol(row)} row={row} onOpen={onOpen} onToggleStar={onToggleStar} />
        ))}
      </tbody>
    </table>
  );
}

/** `/quotes/index`: every listed market with live prices (seed section 2). */
export function QuotesPage() {
  const { t } = useTranslation(['markets', 'common']);
  const [params, setParams] = useSearchParams();
  const initial = params.get('tab');
  const quotes = useQuotes(isTab(initial) ? initial : 'spot');
  useLiveTickers();
  // Spot and contract markets share their symbols and the DETAIL channel; the spot
  // tickers seed both tables, so one symbol never shows two sources in turn.
  useSeedTickers('spot');

  return (
    <div className={styles.quotesPage}>
      {/* antd's Card, Tabs and Input as the app's own: the page loads none of antd. */}
      <section className={styles.card} aria-labelledby="quotes-title">
        <div className={styles.cardHead}>
          <h1 id="quotes-title" className={styles.cardTitle}>
            {t('market.quotes.title')}
          </h1>
          <label className={styles.quotesSearch}>
            <SearchOutlined aria-hidden />
            <input
              type="search"
              placeholder={t('market.quotes.search')}
              aria-label={t('market.quotes.search')}
              value={quotes.search}
              onChange={(event) => quotes.setSearch(event.target.value)}
            />
          </label>
        </div>
        <div className={styles.cardBody}>
          <PlainTabs
            activeKey={quotes.tab}
            onChange={(key) => {
              quotes.setTab(key);
              setParams({ tab: key }, { replace: true });
            }}
            items={QUOTE_TABS.map((key) => ({ key, label: t(`market.quotes.tab.${key}`) }))}
          >
            <QuotesBody quotes={quotes} />
          </PlainTabs>
        </div>
      </section>
    </div>
  );
}

export default QuotesPage;
