import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import { orderNotices, outcomeOf } from '../data/order-notices.ts';
import { displayName } from '../../markets/index.ts';
import { useCancelOrder } from '../data/spot-queries.ts';

/** Cancels one open order, only after the user confirms which one. */
export function CancelButton({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spot');
  const cancel = useCancelOrder((cancelled) =>
    orderNotices.tell(cancelled.id, cancelled.symbol, outcomeOf(cancelled)),
  );
  return (
    <Popconfirm
      title={t('orders.cancel.confirm', { pair: displayName(order.symbol) })}
      okText={t('orders.cancel.ok')}
      cancelText={t('orders.cancel.keep')}
      onConfirm={() => cancel.mutateAsync(order.id).catch(() => undefined)}
    >
      <Button size="small" loading={cancel.isPending}>
        {t('orders.cancel.action')}
      </Button>
    </Popconfirm>
  );
}
