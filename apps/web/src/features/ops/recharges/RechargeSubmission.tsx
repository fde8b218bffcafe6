import { FileImageOutlined } from '@ant-design/icons';
import { Descriptions, Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeReviewDetail } from '@meridian/contract/calls/recharges';
import { opsRechargeScreenshot } from '@meridian/contract/calls/recharges';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useCan } from '../session/session-store.ts';
import { useRechargeScreenshot } from './useRechargeScreenshot.ts';
import styles from '../reviews/reviews.module.css';
import ui from '../ui/ui.module.css';

/**
 * A bank recharge as the reviewer checks it: the order, the account it says it paid
 * into (as the user was shown it then), and the payment screenshot beside them.
 */
export function RechargeSubmission({ detail }: { detail: RechargeReviewDetail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const { recharge, paidTo } = detail;
  return (
    <>
      <h3 className={ui.subTitle}>{t('reviews.recharge.order')}</h3>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'orderNo',
            label: t('reviews.recharge.orderNo'),
            children: <span className={ui.mono}>{recharge.orderNo}</span>,
          },
          {
            key: 'amount',
            label: t('reviews.recharge.amount'),
            children: (
              <span className={ui.mono} data-testid="recharge-amount">
                {recharge.amount} {recharge.coin}
              </span>
            ),
          },
          {
            key: 'time',
            label: t('reviews.createdAt'),
            children: formatTime(recharge.createTime),
          },
        ]}
      />
      <h3 className={ui.subTitle}>{t('reviews.recharge.paidTo')}</h3>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'bank', label: t('reviews.recharge.bankName'), children: paidTo.bankName },
          { key: 'name', label: t('reviews.recharge.accountName'), children: paidTo.accountName },
          {
            key: 'number',
            label: t('reviews.recharge.accountNumber'),
            children: <span className={ui.mono}>{paidTo.accountNumber}</span>,
          },
          {
            key: 'swift',
            label: t('reviews.recharge.swift'),
            children: <span className={ui.mono}>{paidTo.swift}</span>,
          },
        ]}
      />
      <h3 className={ui.subTitle}>{t('reviews.recharge.screenshot')}</h3>
      <Screenshot reviewId={detail.review.id} />
    </>
  );
}

function Screenshot({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('ops');
  const allowed = useCan(opsRechargeScreenshot.permission);
  const { url, file } = useRechargeScreenshot(reviewId, allowed);
  const label = t('reviews.recharge.screenshot');
  if (!allowed) {
    return (
      <div className={styles.placeholder}>
        <FileImageOutlined />
        <span>{t('reviews.recharge.screenshotForbidden')}</span>
      </div>
    );
  }
  if (url) return <Image src={url} alt={label} className={styles.image} />;
  if (file.isError) {
    return (
      <LoadFailed
        title={file.error.message || t('reviews.documentFailed')}
        onRetry={() => void file.refetch()}
        retrying={file.isFetching}
      />
    );
  }
  return <Skeleton.Image active className={styles.placeholder} />;
}
