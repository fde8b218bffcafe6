import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { opsAddCoin, type CatalogueCoin, type FeeChange } from '@meridian/contract/calls/catalogue';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useCan } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { AddCoinModal, AddMarketModal } from './AddForms.tsx';
import { bpsPercent } from './bps.ts';
import { MarketsTable } from './MarketsTable.tsx';
import { useCatalogue, useCatalogueActions } from './queries.ts';
import ui from '../ui/ui.module.css';
import './catalogue.css';

function CoinsTable({ coins }: { coins: CatalogueCoin[] }) {
  const { t } = useTranslation('ops');
  const onOff = (on: boolean) => (
    <Tag color={on ? 'success' : 'default'}>{t(on ? 'catalogue.on' : 'catalogue.off')}</Tag>
  );
  const columns: ColumnsType<CatalogueCoin> = [
    { title: t('catalogue.code'), dataIndex: 'code', render: (v: string) => <strong>{v}</strong> },
    { title: t('catalogue.name'), dataIndex: 'name' },
    {
      title: t('catalogue.decimals'),
      dataIndex: 'decimals',
      align: 'right',
      render: (v: number) => <span className="num">{v}</span>,
    },
    { title: t('catalogue.deposits'), dataIndex: 'depositEnabled', render: onOff },
    { title: t('catalogue.withdrawals'), dataIndex: 'withdrawEnabled', render: onOff },
  ];
  return (
    <Table<CatalogueCoin>
      rowKey="code"
      size="small"
      columns={columns}
      dataSource={coins}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

const FEE_COLOURS: Record<FeeChange['status'], string> = {
  scheduled: 'processing',
  applying: 'warning',
  applied: 'success',
  cancelled: 'default',
};

function FeeChangesTable({ changes, canWrite }: { changes: FeeChange[]; canWrite: boolean }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const { cancelFee } = useCatalogueActions();
  const [cancelling, setCancelling] = useState<FeeChange | null>(null);
  const columns: ColumnsType<FeeChange> = [
    { title: t('catalogue.market'), dataIndex: 'symbol', render: (v: string) => v.toUpperCase() },
    {
      title: t('catalogue.makerTaker'),
      key: 'fees',
      align: 'right',
      render: (_, c) => (
        <span className={`num ${ui.exact}`}>
          {bpsPercent(c.makerFeeBps)} / {bpsPercent(c.takerFeeBps)}
        </span>
      ),
    },
    {
      title: t('catalogue.effectiveAt'),
      dataIndex: 'effectiveAt',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('catalogue.status'),
      dataIndex: 'status',
      render: (v: FeeChange['status']) => (
        <Tag color={FEE_COLOURS[v]}>{t(`catalogue.feeStatus.${v}`)}</Tag>
      ),
    },
    { title: t('catalogue.createdBy'), dataIndex: 'createdBy', responsive: ['md'] },
    ...(canWrite
      ? [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, c: FeeChange) =>
              c.status === 'scheduled' ? (
                <Button size="small" danger onClick={() => setCancelling(c)}>
                  {t('catalogue.cancelFee')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <>
      <Table<FeeChange>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={changes}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <ReasonDialog
        open={cancelling !== null}
        title={t('catalogue.cancelFeeTitle')}
        okText={t('catalogue.cancelFee')}
        danger
        reasonRequired={false}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          await cancelFee.mutateAsync({ id: cancelling.id, reason });
          notifier.notify('success', t('catalogue.feeCancelled'));
        }}
      >
        {cancelling &&
          t('catalogue.cancelFeeLead', {
            market: cancelling.symbol.toUpperCase(),
            time: formatTime(cancelling.effectiveAt),
          })}
      </ReasonDialog>
    </>
  );
}

/** /ops/catalogue: the coins and markets as data; admins add, pause, resume and reprice. */
export default function CataloguePage() {
  const { t } = useTranslation('ops');
  const canWrite = useCan(opsAddCoin.permission);
  const catalogue = useCatalogue();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'markets';
  const [adding, setAdding] = useState<'coin' | 'market' | null>(null);
  return (
    <>
      <PageTitle
        title={t('catalogue.title')}
        extra={
          canWrite && (
            <>
              <Button icon={<PlusOutlined />} onClick={() => setAdding('coin')}>
                {t('catalogue.addCoin')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding('market')}>
                {t('catalogue.addMarket')}
              </Button>
            </>
          )
        }
      />
      <QueryState query={catalogue} failedTitle={t('catalogue.failed')} rows={8}>
        {(data) => (
          <>
            <Tabs
              activeKey={tab}
              onChange={(key) =>
                setParams(key === 'markets' ? {} : { tab: key }, { replace: true })
              }
              items={[
                {
                  key: 'markets',
                  label: t('catalogue.markets', { count: data.markets.length }),
                  children: <MarketsTable markets={data.markets} canWrite={canWrite} />,
                },
                {
                  key: 'coins',
                  label: t('catalogue.coins', { count: data.coins.length }),
                  children: <CoinsTable coins={data.coins} />,
                },
                {
                  key: 'fees',
                  label: t('catalogue.feeChanges'),
                  children: <FeeChangesTable changes={data.feeChanges} canWrite={canWrite} />,
                },
              ]}
            />
            <AddCoinModal open={adding === 'coin'} onClose={() => setAdding(null)} />
            <AddMarketModal
              open={adding === 'market'}
              coins={data.coins}
              onClose={() => setAdding(null)}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
