import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueMarket } from '@meridian/contract/calls/catalogue';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { bpsPercent } from './bps.ts';
import { FeeChangeModal } from './FeeChangeModal.tsx';
import { useCatalogueActions } from './queries.ts';
import ui from '../ui/ui.module.css';

/** The markets with their listing parameters; pause, resume and fee changes for admins. */
export function MarketsTable({
  markets,
  canWrite,
}: {
  markets: CatalogueMarket[];
  canWrite: boolean;
}) {
  const { t } = useTranslation('ops');
  const { setTrading } = useCatalogueActions();
  const [switching, setSwitching] = useState<CatalogueMarket | null>(null);
  const [feeFor, setFeeFor] = useState<CatalogueMarket | null>(null);
  const pair = (m: CatalogueMarket) => `${m.base}/${m.quote}`;
  const columns: ColumnsType<CatalogueMarket> = [
    {
      title: t('catalogue.market'),
      key: 'pair',
      fixed: 'left',
      render: (_, m) => <strong>{pair(m)}</strong>,
    },
    {
      title: t('catalogue.state'),
      dataIndex: 'state',
      render: (v: CatalogueMarket['state']) => (
        <Tag color={v === 'trading' ? 'success' : 'warning'}>{t(`catalogue.states.${v}`)}</Tag>
      ),
    },
    {
      title: t('catalogue.tickSize'),
      dataIndex: 'tickSize',
      align: 'right',
      render: (v: string) => <Price value={v} />,
    },
    {
      title: t('catalogue.lotSize'),
      dataIndex: 'lotSize',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    {
      title: t('catalogue.minNotional'),
      dataIndex: 'minNotional',
      align: 'right',
      responsive: ['md'],
      render: (v: string, m) => <Amount value={v} unit={m.quote} />,
    },
    {
      title: t('catalogue.makerTaker'),
      key: 'fees',
      align: 'right',
      render: (_, m) => (
        <span className={`num ${ui.exact}`}>
          {bpsPercent(m.makerFeeBps)} / {bpsPercent(m.takerFeeBps)}
        </span>
      ),
    },
    {
      title: t('catalogue.band'),
      dataIndex: 'bandBps',
      align: 'right',
      responsive: ['lg'],
      render: (v: number) => <span className={`num ${ui.exact}`}>±{bpsPercent(v)}</span>,
    },
    {
      title: t('catalogue.lists'),
      key: 'lists',
      responsive: ['lg'],
      render: (_, m) =>
        (['spot', 'second', 'contract'] as const)
          .filter((l) => m.lists[l])
          .map((l) => <Tag key={l}>{t(`catalogue.list.${l}`)}</Tag>),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, m: CatalogueMarket) => (
              <span className={ui.nowrap}>
                <Button size="small" danger={m.state === 'trading'} onClick={() => setSwitching(m)}>
                  {t(m.state === 'trading' ? 'catalogue.pause' : 'catalogue.resume')}
                </Button>{' '}
                <Button size="small" onClick={() => setFeeFor(m)}>
                  {t('catalogue.changeFees')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  const pausing = switching?.state === 'trading';
  return (
    <>
      <Table<CatalogueMarket>
        rowKey="symbol"
        size="small"
        columns={columns}
        dataSource={markets}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <ReasonDialog
        open={switching !== null}
        title={
          switching
            ? t(pausing ? 'catalogue.pauseTitle' : 'catalogue.resumeTitle', {
                market: pair(switching),
              })
            : ''
        }
        okText={t(pausing ? 'catalogue.pause' : 'catalogue.resume')}
        danger={pausing}
        reasonRequired={false}
        onClose={() => setSwitching(null)}
        onConfirm={async (reason) => {
          if (!switching) return;
          await setTrading.mutateAsync({ symbol: switching.symbol, pause: pausing, reason });
          notifier.notify('success', t(pausing ? 'catalogue.paused' : 'catalogue.resumed'));
        }}
      >
        {t(pausing ? 'catalogue.pauseLead' : 'catalogue.resumeLead')}
      </ReasonDialog>
      <FeeChangeModal market={feeFor} onClose={() => setFeeFor(null)} />
    </>
  );
}
