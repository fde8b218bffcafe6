import { Alert, Button, Segmented, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondContract } from '@meridian/contract/calls/seconds';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { displayName, useTicker } from '../../markets/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { localizeDigits } from '@meridian/core';
import { Amount, Price, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { priceTone } from '../../../shared/ui/tone.ts';
import { percentOf } from '../data/payouts.ts';
import { useContracts } from '../data/queries.ts';
import { TicksModal } from './TicksModal.tsx';
import { secondsLeft, useNow } from './useNow.ts';
import styles from './seconds.module.css';

const PAGE_SIZE = 10;
type Tab = 'open' | 'settled';

/** The market's index as it ticks (the answer's price until the first tick arrives). */
function LiveIndex({ symbol, fallback }: { symbol: string; fallback: string | null }) {
  const ticker = useTicker(symbol);
  return <Price value={ticker?.indexPrice ?? fallback} />;
}

const signTone = (value: string | null) =>
  value === null || value === '0' ? undefined : priceTone(value.startsWith('-') ? 'down' : 'up');

/**
 * The user's contracts: the open ones counting down to their expiry, then the settled
 * ones with the tick they settled on; a contract that settles while the page is open is
 * shown as a result above the list.
 */
export function ContractsPanel() {
  const { t } = useTranslation('seconds');
  const time = useFormatTime();
  const locale = useNumberLocale();
  const exact = (value: string) => localizeDigits(value, locale);
  const isLogin = useSession((s) => s.isLogin);
  const [tab, setTab] = useState<Tab>('open');
  const [page, setPage] = useState(1);
  const [ticksOf, setTicksOf] = useState<SecondContract | null>(null);
  const open = useContracts('open', 1, 100);
  const settled = useContracts('settled', tab === 'settled' ? page : 1, PAGE_SIZE);
  const now = useNow((open.data?.records.length ?? 0) > 0);

  // Contracts seen open on this page: when one appears settled, it is the result shown.
  const watched = useRef(new Set<string>());
  const [result, setResult] = useState<SecondContract | null>(null);
  useEffect(() => {
    for (const c of open.data?.records ?? []) watched.current.add(c.id);
  }, [open.data]);
  useEffect(() => {
    const done = settled.data?.records.find((c) => watched.current.delete(c.id));
    if (done) setResult(done);
  }, [settled.data]);

  if (!isLogin) return <EmptyState description={t('orders.signIn')} />;
  const query = tab === 'open' ? open : settled;

  const common: ColumnsType<SecondContract> = [
    { key: 'symbol', title: t('orders.symbol'), render: (_, c) => displayName(c.symbol) },
    {
      key: 'direction',
      title: t('orders.direction'),
      render: (_, c) => (
        <span className={priceTone(c.direction)}>{t(`direction.${c.direction}`)}</span>
      ),
    },
    {
      key: 'amount',
      title: t('orders.amount'),
      align: 'right',
      render: (_, c) => <Amount value={c.amount} unit={c.coin} />,
    },
    {
      key: 'openPrice',
      title: t('orders.openPrice'),
      align: 'right',
      render: (_, c) => <Price value={c.openPrice} />,
    },
  ];
  const openColumns: ColumnsType<SecondContract> = [
    // The countdown first after the direction: on a phone it is what fits without scrolling.
    common[0]!,
    common[1]!,
    {
      key: 'countdown',
      title: t('orders.countdown'),
      align: 'right',
      render: (_, c) => {
        const left = secondsLeft(c.expiryTime, now);
        return left > 0 ? (
          <span className="num" data-testid="countdown">
            {t('orders.secondsLeft', { count: left })}
          </span>
        ) : (
          <span className={styles.muted}>{t('orders.awaitingTick')}</span>
        );
      },
    },
    common[2]!,
    common[3]!,
    {
      key: 'current',
      title: t('orders.currentPrice'),
      align: 'right',
      render: (_, c) => <LiveIndex symbol={c.symbol} fallback={c.currentPrice} />,
    },
    {
      key: 'rates',
      title: t('orders.profitRate'),
      align: 'right',
      render: (_, c) => <span className="num">{percentOf(c.profitRate)}%</span>,
    },
    {
      key: 'charge',
      title: t('orders.charge'),
      align: 'right',
      render: (_, c) => <Amount value={c.serviceCharge} />,
    },
    {
      key: 'created',
      title: t('orders.createTime'),
      render: (_, c) => time(new Date(c.createTime).toISOString()),
    },
  ];
  const settledColumns: ColumnsType<SecondContract> = [
    ...common,
    {
      key: 'closePrice',
      title: t('orders.closePrice'),
      align: 'right',
      render: (_, c) => <Price value={c.closePrice} />,
    },
    {
      key: 'outcome',
      title: t('orders.outcome'),
      render: (_, c) => (c.outcome ? <Tag>{t(`outcome.${c.outcome}`)}</Tag> : null),
    },
    {
      key: 'pnl',
      title: t('orders.profitLoss'),
      align: 'right',
      render: (_, c) => <Amount value={c.profitLoss} className={signTone(c.profitLoss)} />,
    },
    {
      key: 'charge',
      title: t('orders.charge'),
      align: 'right',
      render: (_, c) => <Amount value={c.serviceCharge} />,
    },
    {
      key: 'times',
      title: t('orders.times'),
      render: (_, c) => (
        <span className={styles.times}>
          <span>{time(new Date(c.createTime).toISOString())}</span>
          <span>{c.closeTime ? time(new Date(c.closeTime).toISOString()) : null}</span>
        </span>
      ),
    },
    {
      key: 'tick',
      title: t('orders.tick'),
      render: (_, c) =>
        c.settlement ? (
          <Button type="link" size="small" onClick={() => setTicksOf(c)}>
            {t('orders.tickId', { id: c.settlement.id, source: c.settlement.source })}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={styles.orders}>
      {result ? (
        <Alert
          data-testid="seconds-result"
          type={
            result.outcome === 'win' ? 'success' : result.outcome === 'loss' ? 'warning' : 'info'
          }
          showIcon
          closable
          onClose={() => setResult(null)}
          title={t(`result.${result.outcome ?? 'tie'}`, {
            payout: result.payout,
            pnl: result.profitLoss,
            coin: result.coin,
          })}
          // Every digit of both ticks, grouped: a contract can turn on the last decimal.
          description={t('result.tick', {
            open: exact(result.openPrice),
            price: exact(result.closePrice ?? ''),
            id: result.settlement?.id,
            time: result.closeTime ? time(new Date(result.closeTime).toISOString()) : '',
            source: result.settlement?.source,
          })}
          action={
            <Button size="small" onClick={() => setTicksOf(result)}>
              {t('result.history')}
            </Button>
          }
        />
      ) : null}
      <Segmented<Tab>
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('orders.open', { count: open.data?.total ?? 0 }) },
          { value: 'settled', label: t('orders.settled') },
        ]}
      />
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError && !query.data ? (
        <LoadFailed
          title={t('orders.failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        // A region the keyboard can reach and scroll sideways on a phone.
        <div
          className={styles.scroll}
          tabIndex={0}
          role="region"
          aria-label={t(tab === 'open' ? 'orders.open' : 'orders.settled', {
            count: open.data?.total ?? 0,
          })}
        >
          <Table<SecondContract>
            size="small"
            rowKey="id"
            loading={query.isFetching && query.isPlaceholderData}
            dataSource={query.data?.records}
            columns={tab === 'open' ? openColumns : settledColumns}
            locale={{
              emptyText: (
                <EmptyState
                  description={t(tab === 'open' ? 'orders.noneOpen' : 'orders.noneSettled')}
                />
              ),
            }}
            pagination={
              tab === 'settled'
                ? {
                    current: page,
                    pageSize: PAGE_SIZE,
                    total: settled.data?.total ?? 0,
                    onChange: setPage,
                    showSizeChanger: false,
                  }
                : false
            }
          />
        </div>
      )}
      <TicksModal contract={ticksOf} onClose={() => setTicksOf(null)} />
    </div>
  );
}
