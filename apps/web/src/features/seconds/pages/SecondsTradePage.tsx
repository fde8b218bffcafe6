import { Alert, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { klineIntervalSchema } from '@meridian/contract/calls/market';
import {
  CandleChart,
  MarketStats,
  QUOTE,
  displayName,
  rowSymbol,
  useLiveTickers,
  useMarketLayer,
  useMarketRows,
  type KlineInterval,
} from '../../markets/index.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { useSecondsMarkets } from '../data/queries.ts';
import { ContractsPanel } from '../widgets/ContractsPanel.tsx';
import { OpenPanel } from '../widgets/OpenPanel.tsx';
import { PoolNote, SecondsRules } from '../widgets/PoolNote.tsx';
import { useOpenForm } from '../widgets/useOpenForm.ts';
import styles from '../widgets/seconds.module.css';

const DEFAULT_SYMBOL = 'btcusdt';
/** The stake coin's decimals (USDT): what the confirmation cuts products to. */
const STAKE_DECIMALS = 6;

/** `btc`, `BTC` or `btcusdt` all name `btcusdt`; one not on the list is reported. */
function resolveSymbol(asked: string | null, listed: readonly string[] | null) {
  if (!asked) return { symbol: DEFAULT_SYMBOL, unknown: false };
  const lower = asked.toLowerCase();
  const full = lower.endsWith(QUOTE) && lower.length > QUOTE.length ? lower : `${lower}${QUOTE}`;
  if (listed !== null && !listed.includes(full)) return { symbol: DEFAULT_SYMBOL, unknown: true };
  return { symbol: full, unknown: false };
}

/** `/trade/index?type=sec&symbol=btc`: second contracts on a market's index. */
export function SecondsTradePage() {
  const { t } = useTranslation('seconds');
  const phone = useIsPhone();
  const { feed } = useMarketLayer();
  const [params, setParams] = useSearchParams();
  useLiveTickers();
  const markets = useSecondsMarkets();
  const rows = useMarketRows('spot');
  const listed = useMemo(() => markets.data?.map((m) => m.symbol) ?? null, [markets.data]);
  const { symbol, unknown } = resolveSymbol(params.get('symbol'), listed);
  const parsed = klineIntervalSchema.safeParse(params.get('interval'));
  const interval: KlineInterval = parsed.success ? parsed.data : '1m';
  useEffect(() => feed.watchMarket(symbol, interval), [feed, symbol, interval]);
  const row = rows.data?.find((r) => rowSymbol(r) === symbol);
  const priceDecimals = row?.part_cou ?? 2;
  const coin = QUOTE.toUpperCase();
  const form = useOpenForm(symbol, STAKE_DECIMALS);
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });

  return (
    <div className={cx(styles.page, phone && styles.isPhone)} data-layout="wide">
      <header className={styles.top}>
        <Select
          aria-label={t('page.market')}
          className={styles.picker}
          value={symbol}
          showSearch
          optionFilterProp="label"
          loading={markets.isPending}
          onChange={(next: string) => set('symbol', next.replace(QUOTE, ''))}
          options={(markets.data ?? []).map((m) => ({ value: m.symbol, label: m.showSymbol }))}
        />
        <h1 className={styles.title}>{t('page.title', { name: displayName(symbol) })}</h1>
        <MarketStats symbol={symbol} priceDecimals={priceDecimals} />
      </header>
      {unknown ? (
        <Alert type="warning" showIcon title={t('page.unknown', { name: params.get('symbol') })} />
      ) : null}
      <div className={styles.grid}>
        <div className={styles.chart}>
          <CandleChart
            interval={interval}
            onInterval={(next) => set('interval', next)}
            priceDecimals={priceDecimals}
            fill={!phone}
          />
        </div>
        <aside className={styles.side}>
          <OpenPanel form={form} coin={coin} />
        </aside>
      </div>
      <ContractsPanel />
      <div className={styles.notes}>
        <PoolNote coin={coin} />
        <SecondsRules />
      </div>
    </div>
  );
}

export default SecondsTradePage;
