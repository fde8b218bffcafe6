import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarginPair, OpsMarginPool } from '@meridian/contract/calls/margin';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { ratePercent } from '../../margin/index.ts';
import { displayName } from '../../markets/index.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { FundDialog, PairDialog, PoolDialog } from './dialogs.tsx';
import { useOpsMargin } from './queries.ts';
import { isZeroRate } from './rates.ts';
import styles from './margin.module.css';

const pct = (rate: string) => <Exact value={ratePercent(rate)} unit="%" />;

/** One of the page's tables in its panel, with the button that opens a new row. */
function SettingsTable<Row extends object>(props: {
  title: string;
  action: string;
  onAction: () => void;
  rowKey: keyof Row & string;
  columns: ColumnsType<Row>;
  rows: Row[];
  empty: string;
  /** Scrolls sideways rather than squeezing its columns (the pools' eight). */
  wide?: boolean;
}) {
  return (
    <Panel
      title={props.title}
      extra={
        <Button size="small" type="primary" onClick={props.onAction}>
          {props.action}
        </Button>
      }
    >
      <div role="region" aria-label={props.title} tabIndex={0} className={styles.scroll}>
        <Table<Row>
          size="small"
          rowKey={props.rowKey}
          columns={props.columns}
          dataSource={props.rows}
          pagination={false}
          {...(props.wide ? { scroll: { x: 'max-content' } } : {})}
          locale={{ emptyText: <EmptyState description={props.empty} /> }}
        />
      </div>
    </Panel>
  );
}

/**
 * /ops/margin: each coin's lending pool (its rates, the share of savings it may lend, what
 * lends now) and each pair's isolated leverage; retune, fund and open them.
 */
export default function MarginPage() {
  const { t } = useTranslation('ops');
  const query = useOpsMargin();
  const [editing, setEditing] = useState<OpsMarginPool | 'new' | null>(null);
  const [funding, setFunding] = useState<OpsMarginPool | null>(null);
  const [pairEditing, setPairEditing] = useState<MarginPair | 'new' | null>(null);
  const money =
    (key: 'capital' | 'savingsLent' | 'lendable' | 'insuranceFund') =>
    (_: unknown, p: OpsMarginPool) => <Exact value={p[key]} unit={p.coin} />;
  const poolColumns: ColumnsType<OpsMarginPool> = [
    { title: t('margin.column.coin'), dataIndex: 'coin', key: 'coin' },
    {
      title: t('margin.column.dailyRate'),
      key: 'daily',
      align: 'right',
      render: (_, p) => pct(p.dailyRate),
    },
    {
      title: t('margin.column.yearlyRate'),
      key: 'yearly',
      align: 'right',
      render: (_, p) => pct(p.yearlyRate),
    },
    {
      title: t('margin.column.savingsShare'),
      key: 'share',
      align: 'right',
      render: (_, p) =>
        isZeroRate(p.savingsShare) ? (
          <span className={styles.muted}>{t('margin.notLent')}</span>
        ) : (
          pct(p.savingsShare)
        ),
    },
    { title: t('margin.column.capital'), key: 'capital', align: 'right', render: money('capital') },
    {
      title: t('margin.column.savingsLent'),
      key: 'savingsLent',
      align: 'right',
      render: money('savingsLent'),
    },
    {
      title: t('margin.column.lendable'),
      key: 'lendable',
      align: 'right',
      render: money('lendable'),
    },
    {
      title: t('margin.column.insuranceFund'),
      key: 'insurance',
      align: 'right',
      render: money('insuranceFund'),
    },
    {
      title: t('margin.column.action'),
      key: 'action',
      fixed: 'right',
      render: (_, p) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(p)}>
            {t('margin.edit')}
          </Button>
          <Button size="small" onClick={() => setFunding(p)}>
            {t('margin.fund')}
          </Button>
        </Space>
      ),
    },
  ];
  const pairColumns: ColumnsType<MarginPair> = [
    {
      title: t('margin.column.symbol'),
      key: 'symbol',
      render: (_, p) => displayName(p.symbol),
    },
    {
      title: t('margin.column.maxLeverage'),
      key: 'leverage',
      align: 'right',
      render: (_, p) => <span className="num">{`${p.maxLeverage}x`}</span>,
    },
    {
      title: t('margin.column.action'),
      key: 'action',
      render: (_, p) => (
        <Button size="small" onClick={() => setPairEditing(p)}>
          {t('margin.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageTitle title={t('margin.title')} />
      <p className={styles.lead}>{t('margin.lead')}</p>
      <QueryState query={query} failedTitle={t('margin.failed')}>
        {(settings) => (
          <div className={styles.tables}>
            <SettingsTable<OpsMarginPool>
              title={t('margin.pools')}
              action={t('margin.openCoin')}
              onAction={() => setEditing('new')}
              rowKey="coin"
              columns={poolColumns}
              rows={settings.pools}
              empty={t('margin.noPools')}
              wide
            />
            <SettingsTable<MarginPair>
              title={t('margin.pairs')}
              action={t('margin.openPair')}
              onAction={() => setPairEditing('new')}
              rowKey="symbol"
              columns={pairColumns}
              rows={settings.pairs}
              empty={t('margin.noPairs')}
            />
          </div>
        )}
      </QueryState>
      {editing !== null && query.data ? (
        <PoolDialog
          pool={editing === 'new' ? null : editing}
          maxShare={query.data.maxSavingsShare}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {funding ? <FundDialog pool={funding} onClose={() => setFunding(null)} /> : null}
      {pairEditing !== null ? (
        <PairDialog
          pair={pairEditing === 'new' ? null : pairEditing}
          onClose={() => setPairEditing(null)}
        />
      ) : null}
    </>
  );
}
