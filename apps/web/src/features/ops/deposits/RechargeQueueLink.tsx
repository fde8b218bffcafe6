import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { REVIEW_QUEUE_PERMISSIONS } from '../reviews/permissions.ts';
import { useQueueList } from '../reviews/queries.ts';
import { queueSpec } from '../reviews/registry.tsx';
import { useCan } from '../session/session-store.ts';

/** How many bank recharges wait in their review queue, as a way into it; only to its readers. */
export function RechargeQueueLink() {
  const mayRead = useCan(REVIEW_QUEUE_PERMISSIONS.recharge.read);
  return mayRead ? <Waiting /> : null;
}

function Waiting() {
  const { t } = useTranslation('ops');
  const pending = useQueueList('recharge', queueSpec('recharge').calls, {
    state: 'pending',
    page: 1,
  });
  const count = pending.data?.total;
  return (
    <Link to="/ops/reviews/recharge">
      {t('deposits.rechargeQueue')}{' '}
      {count !== undefined && <Badge count={count} showZero color="gold" />}
    </Link>
  );
}
