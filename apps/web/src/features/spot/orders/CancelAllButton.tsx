import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { displayName } from '../../markets/index.ts';
import { useCancelAll } from '../data/cancel-all.ts';

/**
 * Cancels all of the user's open orders shown in the panel (this market's, or every
 * market's), once the user has confirmed how many and where.
 */
export function CancelAllButton({ symbol, count }: { symbol?: string; count: number }) {
  const { t } = useTranslation('spot');
  // A modal in the panel's context (its holder rendered beside the button): the theme's.
  const [modal, modalHolder] = Modal.useModal();
  const cancelAll = useCancelAll((cancelled) =>
    notifier.notify('info', t('orders.notice.cancelledAll', { count: cancelled }), {
      key: 'orders-cancel-all',
    }),
  );
  const where = symbol ? displayName(symbol) : t('orders.cancelAll.everyMarket');
  const ask = () =>
    modal.confirm({
      title: t('orders.cancelAll.title'),
      content: t('orders.cancelAll.confirm', { count, market: where }),
      okText: t('orders.cancelAll.ok'),
      okButtonProps: { danger: true },
      cancelText: t('orders.cancel.keep'),
      onOk: () => cancelAll.mutateAsync(symbol).catch(() => undefined),
    });
  return (
    <>
      {modalHolder}
      <Button
        size="small"
        danger
        disabled={count === 0}
        loading={cancelAll.isPending}
        onClick={ask}
        data-testid="cancel-all"
      >
        {t('orders.cancelAll.action')}
      </Button>
    </>
  );
}
