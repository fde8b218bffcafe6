import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '@meridian/core';
import styles from './retention.module.css';

/**
 * The published retention rule under a user's order history (issue 27): orders that
 * ended without a fill leave it after the rule's days; the number is the server's own
 * constant, so the page and the housekeeping cannot disagree.
 */
export function RetentionNote() {
  // Never suspends the page it sits on: the line appears once its texts are loaded (the
  // route loads them first; a page rendered without them simply shows no line).
  const { t, ready } = useTranslation('retention', { useSuspense: false });
  if (!ready) return null;
  return (
    <p className={styles.note} data-testid="order-retention-note">
      <InfoCircleOutlined aria-hidden="true" />
      <span>{t('orderNote', { days: RETENTION.unfilledOrderDays })}</span>
    </p>
  );
}
