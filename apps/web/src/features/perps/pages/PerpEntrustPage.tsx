import { Card, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import type { PerpKind } from '../data/kind.ts';
import type { ListScope } from '../data/csv.ts';
import { CONTRACT_TYPE } from '../data/kind.ts';
import { usePerpMarkets, type OrderStatusFilter } from '../data/queries.ts';
import { ExportButton, exporters, FillsList, FundingList, OrdersList } from '../widgets/Lists.tsx';
import { MarketFilter } from '../widgets/PositionDialogs.tsx';
import styles from '../widgets/perps.module.css';

const TABS = ['orders', 'fills', 'funding'] as const;
type Tab = (typeof TABS)[number];

/**
 * An order centre of one kind: orders, fills and funding of every market of that kind or
 * of one (and orders by status), each exportable as CSV, every amount in its market's coin.
 */
export function PerpEntrustView({ kind }: { kind: PerpKind }) {
  const { t } = useTranslation('perps');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((name) => name === asked) ?? 'orders';
  const markets = usePerpMarkets();
  const [symbol, setSymbol] = useState<string>('all');
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const scope: ListScope = symbol === 'all' ? { contractType: CONTRACT_TYPE[kind] } : { symbol };
  const filtered = symbol !== 'all' || (tab === 'orders' && status !== 'all');
  const exporter =
    tab === 'orders'
      ? exporters.orders(scope, status)
      : tab === 'fills'
        ? exporters.fills(scope)
        : exporters.funding(scope);
  return (
    <Card
      title={t(kind === 'inverse' ? 'centre.titleInverse' : 'centre.title')}
      data-layout="wide"
      className={styles.page}
      data-testid="perp-centre"
    >
      <div className={styles.toolbar}>
        <MarketFilter
          value={symbol}
          onChange={setSymbol}
          all
          symbols={(markets.data ?? []).filter((m) => m.kind === kind).map((m) => m.symbol)}
        />
        {tab === 'orders' ? (
          <Segmented<OrderStatusFilter>
            size="small"
            value={status}
            onChange={setStatus}
            options={[
              { value: 'open', label: t('centre.open') },
              { value: 'history', label: t('centre.history') },
              { value: 'all', label: t('centre.all') },
            ]}
          />
        ) : null}
        <span className={styles.toolbarEnd}>
          <ExportButton name={`perp-${tab}-${symbol}`} disabled={false} rows={exporter} />
        </span>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'orders',
            label: t('centre.orders'),
            children: (
              <OrdersList
                key={`${symbol}-${status}`}
                scope={scope}
                status={status}
                filtered={filtered}
              />
            ),
          },
          {
            key: 'fills',
            label: t('lists.tab.fills'),
            children: <FillsList key={symbol} scope={scope} filtered={filtered} />,
          },
          {
            key: 'funding',
            label: t('lists.tab.funding'),
            children: <FundingList key={symbol} scope={scope} filtered={filtered} />,
          },
        ]}
      />
    </Card>
  );
}

/** `/account/entrust/future/u`: the U-contract order centre. */
export function PerpEntrustPage() {
  return <PerpEntrustView kind="linear" />;
}

/** `/account/entrust/future/coin`: the coin-margined order centre. */
export function CoinEntrustPage() {
  return <PerpEntrustView kind="inverse" />;
}

export default PerpEntrustPage;
