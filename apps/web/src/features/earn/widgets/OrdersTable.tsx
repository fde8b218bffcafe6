import { Button, Modal, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnOrder } from '@meridian/contract/calls/earn';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useEarnActions, useOrders, type OrderStatus } from '../data/queries.ts';
import { ratePercent } from '../model/format.ts';
import { ProductName } from './ProductName.tsx';
import styles from './earn.module.css';

/** Early redemption: the published penalty and what comes back, before anything moves. */
function RedeemDialog({ order, onClose }: { order: EarnOrder; onClose: () => void }) {
  const { t } = useTranslation('earn');
  const { redeem } = useEarnActions();
  const attempt = useRef<Attempt | null>(null);
  async function confirm() {
    attempt.current = keyForSubmission(attempt.current, order.id, randomKey);
    try {
      await redeem.mutateAsync({ id: order.id, key: attempt.current.key });
      notifier.notify('success', t('redeem.done'));
      onClose();
    } catch {
      // Shown by the client in the server's words.
    }
  }
  return (
    <Modal
      open
      title={t('redeem.title')}
      okText={t('redeem.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('subscribe.cancel')}
      confirmLoading={redeem.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('redeem.text', { rate: ratePercent(order.penaltyRate) })}</p>
      <dl className={styles.rows}>
        <dt>{t('field.amount')}</dt>
        <dd>
          <Exact value={order.amount} unit={order.coin} />
        </dd>
        <dt>{t('field.penalty')}</dt>
        <dd>
          <Exact value={order.penalty} unit={order.coin} />
        </dd>
        <dt>{t('field.redeemAmount')}</dt>
        <dd>
          <Exact value={order.redeemAmount} unit={order.coin} />
        </dd>
        <dt>{t('field.earned')}</dt>
        <dd>
          <Exact value={order.earned} unit={order.coin} />
        </dd>
      </dl>
    </Modal>
  );
}

/** On a phone, each order is a card with every figure, its state and its action. */
function OrderCard({ order: o, onRedeem }: { order: EarnOrder; onRedeem: () => void }) {
  const { t } = useTranslation('earn');
  const formatTime = useFormatTime();
  return (
    <section className={styles.card} aria-label={o.id}>
      <div className={styles.cardTitle}>
        <span>
          <ProductName product={o} />
        </span>
        <Tag>{t(`status.${o.status}`)}</Tag>
      </div>
      <dl className={styles.rows}>
        <dt>{t('field.amount')}</dt>
        <dd>
          <Exact value={o.amount} unit={o.coin} />
        </dd>
        <dt>{t('field.dailyRate')}</dt>
        <dd>
          <Exact value={ratePercent(o.dailyRate)} unit="%" />
        </dd>
        <dt>{t('field.dates')}</dt>
        <dd>{`${o.startDate} – ${o.endDate}`}</dd>
        <dt>{t('field.estimatedRevenue')}</dt>
        <dd>
          <Exact value={o.estimatedRevenue} unit={o.coin} />
        </dd>
        <dt>{t('field.earned')}</dt>
        <dd>
          <Exact value={o.earned} unit={o.coin} /> ({o.paidDays}/{o.cycleDays})
        </dd>
        <dt>{t('field.paymentTime')}</dt>
        <dd>{formatTime(new Date(o.paymentTime).toISOString())}</dd>
      </dl>
      {o.status === 'inProgress' ? <Button onClick={onRedeem}>{t('redeem.button')}</Button> : null}
    </section>
  );
}

/** My orders of one kind, by status, with early redemption on those in progress. */
export function OrdersTable({ kind }: { kind: 'pledge' | 'finance' }) {
  const { t } = useTranslation('earn');
  const formatTime = useFormatTime();
  const [status, setStatus] = useState<OrderStatus>('all');
  const [page, setPage] = useState(1);
  const [redeeming, setRedeeming] = useState<EarnOrder | null>(null);
  const orders = useOrders(kind, status, page);
  const phone = useIsPhone();
  const columns: ColumnsType<EarnOrder> = [
    {
      title: t('field.product'),
      key: 'product',
      render: (_, o) => <ProductName product={o} />,
    },
    {
      title: t('field.amount'),
      key: 'amount',
      align: 'right',
      render: (_, o) => <Exact value={o.amount} unit={o.coin} />,
    },
    {
      title: t('field.dailyRate'),
      key: 'rate',
      align: 'right',
      render: (_, o) => <Exact value={ratePercent(o.dailyRate)} unit="%" />,
    },
    {
      title: t('field.dates'),
      key: 'dates',
      render: (_, o) => `${o.startDate} – ${o.endDate}`,
    },
    {
      title: t('field.estimatedRevenue'),
      key: 'estimate',
      align: 'right',
      render: (_, o) => <Exact value={o.estimatedRevenue} unit={o.coin} />,
    },
    {
      title: t('field.earned'),
      key: 'earned',
      align: 'right',
      render: (_, o) => (
        <span>
          <Exact value={o.earned} unit={o.coin} />{' '}
          <span className={styles.muted}>
            ({o.paidDays}/{o.cycleDays})
          </span>
        </span>
      ),
    },
    {
      title: t('field.paymentTime'),
      key: 'payment',
      render: (_, o) => formatTime(new Date(o.paymentTime).toISOString()),
    },
    {
      title: t('field.status'),
      key: 'status',
      render: (_, o) => <Tag>{t(`status.${o.status}`)}</Tag>,
    },
    {
      title: t('field.action'),
      key: 'action',
      fixed: 'right',
      render: (_, o) =>
        o.status === 'inProgress' ? (
          <Button size="small" onClick={() => setRedeeming(o)}>
            {t('redeem.button')}
          </Button>
        ) : null,
    },
  ];
  return (
    <div className={styles.form}>
      <Segmented<OrderStatus>
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={(['all', 'inProgress', 'completed', 'redeemed'] as const).map((s) => ({
          value: s,
          label: t(`status.${s}`),
        }))}
      />
      {orders.isError ? (
        <LoadFailed
          title={t('ordersFailed')}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : phone ? (
        <div className={styles.form}>
          {orders.data?.records.length === 0 ? <EmptyState description={t('noOrders')} /> : null}
          {orders.data?.records.map((o) => (
            <OrderCard key={o.id} order={o} onRedeem={() => setRedeeming(o)} />
          ))}
          {orders.data && orders.data.total > page * 10 ? (
            <Button onClick={() => setPage(page + 1)}>{t('more')}</Button>
          ) : null}
          {orders.data && page > 1 ? (
            <Button onClick={() => setPage(page - 1)}>{t('previous')}</Button>
          ) : null}
        </div>
      ) : (
        <div className={styles.scroll} role="region" aria-label={t('orders')} tabIndex={0}>
          <Table<EarnOrder>
            size="small"
            rowKey="id"
            columns={columns}
            loading={orders.isPending}
            dataSource={orders.data?.records ?? []}
            locale={{ emptyText: <EmptyState description={t('noOrders')} /> }}
            pagination={{
              current: page,
              pageSize: 10,
              total: orders.data?.total ?? 0,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            scroll={{ x: 'max-content' }}
          />
        </div>
      )}
      {redeeming ? <RedeemDialog order={redeeming} onClose={() => setRedeeming(null)} /> : null}
    </div>
  );
}
