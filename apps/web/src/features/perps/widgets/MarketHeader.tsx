import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpTicker } from '@meridian/contract/calls/perps';
import { Amount, Exact, Percent, Price } from '../../../shared/ui/numbers.tsx';
import { countdown, ratePercent, signOf } from '../data/maths.ts';
import { PERP_KINDS, type PerpKind } from '../data/kind.ts';
import { perpName, type PerpMarketState } from '../data/market.ts';
import { useNow } from './useNow.ts';
import styles from './perps.module.css';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A funding rate as a signed percent with 4 decimals ("0.0100 %"), coloured by sign. */
export function FundingRate({ rate }: { rate: string | null | undefined }) {
  const text = ratePercent(rate);
  const sign = signOf(rate);
  return (
    <span className={`num ${sign === 'up' ? styles.up : sign === 'down' ? styles.down : ''}`}>
      {text === null ? '--' : `${text} %`}
    </span>
  );
}

/** Mark, index, funding and its countdown, the 24 h figures and open interest. */
export function TickerStats({
  ticker,
  decimals,
  coin,
}: {
  ticker?: PerpTicker;
  decimals: number;
  /** The coin turnover is in: USDT, or an inverse market's coin. */
  coin: string;
}) {
  const { t } = useTranslation('perps');
  const now = useNow();
  return (
    <dl className={styles.stats} data-testid="perp-stats">
      <Stat label={t('header.mark')}>
        <Price value={ticker?.markPrice} decimals={decimals} />
      </Stat>
      <Stat label={t('header.index')}>
        <Price value={ticker?.indexPrice} decimals={decimals} />
      </Stat>
      <Stat label={t('header.funding')}>
        <span className={styles.nowrap}>
          <FundingRate rate={ticker?.estimatedFundingRate} />
          {' / '}
          <span className="num" data-testid="funding-countdown">
            {ticker ? countdown(ticker.nextFundingTime, now) : '--'}
          </span>
        </span>
      </Stat>
      <Stat label={t('header.change')}>
        <Percent value={ticker?.change24h ?? null} />
      </Stat>
      <Stat label={t('header.high')}>
        <Price value={ticker?.high24h} decimals={decimals} />
      </Stat>
      <Stat label={t('header.low')}>
        <Price value={ticker?.low24h} decimals={decimals} />
      </Stat>
      <Stat label={t('header.volume')}>
        <Exact value={ticker ? String(ticker.volume24h) : null} />
      </Stat>
      <Stat label={t('header.turnover')}>
        <Amount value={ticker?.turnover24h} compact unit={coin} />
      </Stat>
      <Stat label={t('header.openInterest')}>
        <Exact value={ticker ? String(ticker.openInterest) : null} />
      </Stat>
    </dl>
  );
}

/**
 * The market picker (USDT-margined and coin-margined markets in two groups), the last
 * price and the market's figures.
 */
export function MarketHeader({
  state,
  onSymbol,
  extra,
}: {
  state: PerpMarketState;
  onSymbol: (symbol: string, kind: PerpKind) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('perps');
  const last = state.ticker?.lastPrice ?? state.ticker?.markPrice;
  const markets = state.markets.data ?? [];
  const groups = PERP_KINDS.map((kind) => ({
    label: t(kind === 'inverse' ? 'page.inverseGroup' : 'page.linearGroup'),
    title: t(kind === 'inverse' ? 'page.inverseGroup' : 'page.linearGroup'),
    options: markets
      .filter((m) => m.kind === kind)
      // The same short title for both kinds: the group names the margin, and the header
      // keeps one height whichever market is shown.
      .map((m) => ({ value: m.symbol, label: t('page.name', { name: perpName(m.symbol) }) })),
  })).filter((group) => group.options.length > 0);
  return (
    <header className={styles.top}>
      <Select
        aria-label={t('page.market')}
        className={styles.picker}
        value={state.symbol}
        showSearch
        optionFilterProp="label"
        loading={state.markets.isPending}
        onChange={(symbol: string) =>
          onSymbol(symbol, markets.find((m) => m.symbol === symbol)?.kind ?? state.kind)
        }
        options={groups}
        popupMatchSelectWidth={false}
      />
      <span className={styles.bigPrice} data-testid="perp-last">
        <Price value={last} decimals={state.priceDecimals} />
      </span>
      <TickerStats ticker={state.ticker} decimals={state.priceDecimals} coin={state.marginCoin} />
      {extra}
    </header>
  );
}
