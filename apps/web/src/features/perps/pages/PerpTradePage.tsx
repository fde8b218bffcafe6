import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  Navigate,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '../../../shared/router/index.tsx';
import { klineIntervalSchema } from '@meridian/contract/calls/market';
import { useMarketLayer, type KlineInterval } from '../../markets/index.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { kindOfType, PERP_TYPE, symbolParam, type PerpKind } from '../data/kind.ts';
import { marketTitle, usePerpMarket } from '../data/market.ts';
import { BottomTabs } from '../widgets/BottomTabs.tsx';
import { MarketHeader } from '../widgets/MarketHeader.tsx';
import { BookAndTrades } from '../widgets/PerpBook.tsx';
import { PerpChart } from '../widgets/PerpChart.tsx';
import { AccountBox, OrderPanel } from '../widgets/OrderPanel.tsx';
import styles from '../widgets/perps.module.css';

const BOOK_ROWS = 12;
const PHONE_BOOK_ROWS = 7;

/**
 * The perpetual trade screen of one kind (U contracts or coin-margined), in the page or
 * filling the viewport (`fullScreen`).
 */
export function PerpTradeView({ fullScreen, kind }: { fullScreen: boolean; kind: PerpKind }) {
  const { t } = useTranslation('perps');
  const phone = useIsPhone();
  const { feed } = useMarketLayer();
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = usePerpMarket(params.get('symbol'), kind);
  const parsed = klineIntervalSchema.safeParse(params.get('interval'));
  const interval: KlineInterval = parsed.success ? parsed.data : '1m';
  // The chart is the underlying spot market's (BTCUSDT for BTCUSDT and BTCUSD alike): the
  // perpetual's index follows it.
  const spot = `${symbolParam(state.symbol, kind)}usdt`;
  useEffect(() => feed.watchMarket(spot, interval), [feed, spot, interval]);
  const [picked, setPicked] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const query = new URLSearchParams(search);
  query.delete('type');
  const rest = query.toString();
  const type = PERP_TYPE[kind];
  const switchView = fullScreen
    ? `/trade/index?type=${type}${rest ? `&${rest}` : ''}`
    : `/exchange/full-contract/${type}${rest ? `?${rest}` : ''}`;
  // A market of the other kind picked in the header opens its own page.
  const onSymbol = (next: string, nextKind: PerpKind) => {
    if (nextKind === kind) return set('symbol', symbolParam(next, kind));
    const base = fullScreen
      ? `/exchange/full-contract/${PERP_TYPE[nextKind]}?`
      : `/trade/index?type=${PERP_TYPE[nextKind]}&`;
    navigate(`${base}symbol=${symbolParam(next, nextKind)}`);
  };

  if (state.markets.isError && !state.markets.data)
    return (
      <div className={styles.page} data-layout="wide">
        <LoadFailed title={t('page.failed')} onRetry={() => void state.markets.refetch()} />
      </div>
    );
  if (state.markets.data && state.markets.data.length === 0)
    return (
      <div className={styles.page} data-layout="wide">
        <EmptyState description={t('page.noMarkets')} />
      </div>
    );

  const onPick = (price: string) => {
    setPicked(price);
    if (phone) setDrawer(true);
  };
  const form = <OrderPanel key={state.symbol} state={state} picked={picked} />;
  const chart = (
    <PerpChart
      interval={interval}
      onInterval={(next) => set('interval', next)}
      priceDecimals={state.priceDecimals}
      position={state.position}
    />
  );
  const book = (
    <BookAndTrades
      symbol={state.symbol}
      decimals={state.priceDecimals}
      ticker={state.ticker}
      rows={phone ? PHONE_BOOK_ROWS : BOOK_ROWS}
      onPick={onPick}
    />
  );
  return (
    <div
      className={`${styles.page} ${phone ? styles.isPhone : ''} ${fullScreen ? styles.isFull : ''}`}
      data-layout={fullScreen ? 'full' : 'wide'}
      data-testid="perp-trade-page"
    >
      <h1 className="visually-hidden">{marketTitle(t, state.symbol, kind)}</h1>
      <MarketHeader
        state={state}
        onSymbol={onSymbol}
        extra={
          phone ? null : (
            <Link to={switchView} className={styles.viewLink}>
              {fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
              <span>{t(fullScreen ? 'page.normal' : 'page.fullScreen')}</span>
            </Link>
          )
        }
      />
      {state.unknown ? (
        <Alert
          type="warning"
          showIcon
          title={t(kind === 'inverse' ? 'page.unknownInverse' : 'page.unknown', {
            name: params.get('symbol'),
          })}
        />
      ) : null}
      {state.market?.paused ? <Alert type="info" showIcon title={t('page.paused')} /> : null}
      {phone ? (
        <>
          <div style={{ height: 300, display: 'flex' }}>{chart}</div>
          {book}
          <AccountBox coin={state.marginCoin} />
        </>
      ) : (
        <div className={styles.grid}>
          <div className={styles.gridCell}>{chart}</div>
          <div className={`${styles.gridCell} ${styles.bookCell}`}>{book}</div>
          <div className={`${styles.gridCell} ${styles.formCell}`}>
            {form}
            <AccountBox coin={state.marginCoin} />
          </div>
        </div>
      )}
      <BottomTabs kind={kind} symbol={state.symbol} lastPrice={state.ticker?.lastPrice ?? null} />
      {phone ? (
        <>
          <div
            className={styles.phoneBar}
            data-bottom-bar
            role="group"
            aria-label={t('form.title')}
          >
            <Button type="primary" className={styles.long} onClick={() => setDrawer(true)}>
              {t('form.openLong')}
            </Button>
            <Button type="primary" className={styles.short} onClick={() => setDrawer(true)}>
              {t('form.openShort')}
            </Button>
          </div>
          <Drawer
            placement="bottom"
            open={drawer}
            onClose={() => setDrawer(false)}
            title={t('form.title')}
            size="auto"
            className={styles.phoneDrawer}
            forceRender
          >
            {form}
          </Drawer>
        </>
      ) : null}
    </div>
  );
}

/**
 * `/trade/index?type=usta&symbol=btc`: U-contract trading; `?type=coin&symbol=btc`:
 * coin-margined (the spot feature's address hands both types here).
 */
export function PerpTradePage() {
  const [params] = useSearchParams();
  const kind = kindOfType(params.get('type')) ?? 'linear';
  return <PerpTradeView key={kind} fullScreen={false} kind={kind} />;
}

/**
 * `/exchange/full-contract/usta` and `/exchange/full-contract/coin`: the same screen
 * without header or footer; any other type leads to the U contracts.
 */
export function FullContractPage() {
  const { type } = useParams();
  const { search } = useLocation();
  const kind = kindOfType(type);
  if (kind === null)
    return <Navigate to={`/exchange/full-contract/${PERP_TYPE.linear}${search}`} replace />;
  return <PerpTradeView key={kind} fullScreen kind={kind} />;
}

export default PerpTradePage;
