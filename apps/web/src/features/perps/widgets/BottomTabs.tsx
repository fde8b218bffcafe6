import { Button, Checkbox, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../shared/router/index.tsx';
import type { PerpPosition } from '@meridian/contract/calls/perps';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { scopeName, type ListScope } from '../data/csv.ts';
import { CENTRE_PATH, CONTRACT_TYPE, PRICE_UNIT, type PerpKind } from '../data/kind.ts';
import { perpName, useMarketCoins } from '../data/market.ts';
import {
  newKey,
  useCloseAll,
  useClosePosition,
  usePerpAccount,
  usePositions,
} from '../data/queries.ts';
import { ExportButton, exporters, FillsList, FundingList, OrdersList } from './Lists.tsx';
import { AdjustMarginDialog, CloseConfirm, StopsDialog } from './PositionDialogs.tsx';
import { PositionCard, PositionHead, PositionRow } from './PositionRow.tsx';
import styles from './perps.module.css';

/**
 * Open positions of one kind (U or coin-margined) with their actions, and "Close all"
 * (both confirmed first).
 */
export function PositionsPanel({
  kind,
  symbol,
  onlyThis,
  lastPrice,
}: {
  kind: PerpKind;
  symbol: string;
  onlyThis: boolean;
  lastPrice: string | null;
}) {
  const { t } = useTranslation('perps');
  const positions = usePositions();
  const coins = useMarketCoins();
  const close = useClosePosition();
  const closeAll = useCloseAll(kind);
  const [closing, setClosing] = useState<PerpPosition | null>(null);
  const [closingAll, setClosingAll] = useState(false);
  const [stops, setStops] = useState<PerpPosition | null>(null);
  const [adjusting, setAdjusting] = useState<PerpPosition | null>(null);
  // The margin a position may take comes from its own coin's account.
  const account = usePerpAccount(coins.coinOf(adjusting?.symbol ?? symbol));
  // One key per confirmation: a retry after a lost answer closes once.
  const [key, setKey] = useState(newKey);
  const phone = useIsPhone();
  const actions = {
    onClose: (p: PerpPosition) => {
      setKey(newKey());
      setClosing(p);
    },
    onStops: setStops,
    onAdjust: setAdjusting,
  };
  if (positions.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (positions.isError && !positions.data)
    return <LoadFailed title={t('lists.failed')} onRetry={() => void positions.refetch()} />;
  const shown = positions.data.filter((p) =>
    onlyThis ? p.symbol === symbol : coins.kindOf(p.symbol) === kind,
  );
  // The dialogs show the latest figures of the position they were opened on.
  const fresh = (p: PerpPosition | null) =>
    p ? (positions.data.find((q) => q.id === p.id) ?? p) : null;
  return (
    <div>
      <div className={styles.toolbar}>
        <Button
          size="small"
          danger
          className={styles.toolbarEnd}
          disabled={shown.length === 0}
          onClick={() => {
            setKey(newKey());
            setClosingAll(true);
          }}
        >
          {t('positions.closeAll')}
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState description={t('positions.empty')} />
      ) : phone ? (
        <div data-testid="perp-positions">
          {shown.map((position) => (
            <PositionCard
              key={position.id}
              position={position}
              coin={coins.coinOf(position.symbol)}
              actions={actions}
            />
          ))}
        </div>
      ) : (
        <div className={styles.listScroll}>
          <table className={`${styles.tiers}`} data-testid="perp-positions">
            <PositionHead />
            <tbody>
              {shown.map((position) => (
                <PositionRow
                  key={position.id}
                  position={position}
                  coin={coins.coinOf(position.symbol)}
                  actions={actions}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CloseConfirm
        open={closing !== null}
        title={t('positions.closeTitle', { name: closing ? perpName(closing.symbol) : '' })}
        text={t('positions.closeText', {
          count: closing?.contracts ?? 0,
          side: t(closing?.side === 'short' ? 'positions.short' : 'positions.long'),
        })}
        busy={close.isPending}
        onCancel={() => setClosing(null)}
        onOk={() =>
          closing &&
          close.mutate(
            { id: closing.id, key },
            {
              onSuccess: () => {
                notifier.notify(
                  'success',
                  t('positions.closed', { name: perpName(closing.symbol) }),
                );
                setClosing(null);
              },
            },
          )
        }
      />
      <CloseConfirm
        open={closingAll}
        title={t('positions.closeAllTitle')}
        text={t('positions.closeAllText', { count: shown.length })}
        busy={closeAll.isPending}
        onCancel={() => setClosingAll(false)}
        onOk={() =>
          closeAll.mutate(
            { symbols: onlyThis ? [symbol] : [], key },
            {
              onSuccess: (answer) => {
                notifier.notify(
                  'success',
                  t('positions.closedAll', { count: answer.orders.length }),
                );
                setClosingAll(false);
              },
            },
          )
        }
      />
      {stops ? (
        <StopsDialog
          position={fresh(stops)}
          lastPrice={lastPrice}
          priceUnit={PRICE_UNIT[coins.kindOf(stops.symbol)]}
          onClose={() => setStops(null)}
        />
      ) : null}
      {adjusting ? (
        <AdjustMarginDialog
          position={fresh(adjusting)}
          available={account.data?.available ?? null}
          coin={coins.coinOf(adjusting.symbol)}
          kind={coins.kindOf(adjusting.symbol)}
          onClose={() => setAdjusting(null)}
        />
      ) : null}
    </div>
  );
}

type Tab = 'positions' | 'open' | 'history' | 'fills' | 'funding';

/**
 * Positions, open orders and the three histories under the trade page's chart. Positions
 * and the histories are those of the page's kind (every market of it, or this one only).
 */
export function BottomTabs({
  kind,
  symbol,
  lastPrice,
}: {
  kind: PerpKind;
  symbol: string;
  lastPrice: string | null;
}) {
  const { t } = useTranslation('perps');
  const isLogin = useSession((s) => s.isLogin);
  const { pathname, search } = useLocation();
  const [tab, setTab] = useState<Tab>('positions');
  const [onlyThis, setOnlyThis] = useState(false);
  const positions = usePositions();
  const coins = useMarketCoins();
  const scope: ListScope = onlyThis ? { symbol } : { contractType: CONTRACT_TYPE[kind] };
  const count = positions.data?.filter((p) => coins.kindOf(p.symbol) === kind).length;
  const extra = isLogin ? (
    <div className={styles.toolbar} style={{ marginBottom: 0 }}>
      <Checkbox checked={onlyThis} onChange={(e) => setOnlyThis(e.target.checked)}>
        {t('lists.onlyThis')}
      </Checkbox>
      <Link to={CENTRE_PATH[kind]}>{t('lists.centre')}</Link>
      {tab === 'history' ? (
        <ExportButton
          name={`perp-orders-${scopeName(scope)}`}
          disabled={false}
          rows={exporters.orders(scope, 'history')}
        />
      ) : tab === 'fills' ? (
        <ExportButton
          name={`perp-fills-${scopeName(scope)}`}
          disabled={false}
          rows={exporters.fills(scope)}
        />
      ) : tab === 'funding' ? (
        <ExportButton
          name={`perp-funding-${scopeName(scope)}`}
          disabled={false}
          rows={exporters.funding(scope)}
        />
      ) : null}
    </div>
  ) : null;
  const body = (content: ReactNode) =>
    isLogin ? (
      content
    ) : (
      <EmptyState description={t('lists.guest')}>
        <Link to={`/user/login?redirect=${encodeURIComponent(pathname + search)}`}>
          <Button type="primary">{t('form.login')}</Button>
        </Link>
      </EmptyState>
    );
  return (
    <section className={styles.lists} aria-label={t('lists.title')}>
      {/* Above the tabs, not in their bar: a tab list holds only tabs (screen readers). */}
      {extra ? <div className={styles.listsBar}>{extra}</div> : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        items={[
          {
            key: 'positions',
            label: count ? `${t('lists.tab.positions')} (${count})` : t('lists.tab.positions'),
            children: body(
              <PositionsPanel
                kind={kind}
                symbol={symbol}
                onlyThis={onlyThis}
                lastPrice={lastPrice}
              />,
            ),
          },
          {
            key: 'open',
            label: t('lists.tab.open'),
            children: body(<OrdersList scope={scope} status="open" live />),
          },
          {
            key: 'history',
            label: t('lists.tab.history'),
            children: body(<OrdersList scope={scope} status="history" />),
          },
          {
            key: 'fills',
            label: t('lists.tab.fills'),
            children: body(<FillsList scope={scope} />),
          },
          {
            key: 'funding',
            label: t('lists.tab.funding'),
            children: body(<FundingList scope={scope} />),
          },
        ]}
      />
    </section>
  );
}
