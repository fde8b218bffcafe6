import { useTranslation } from 'react-i18next';
import { WithdrawalHistory } from './widgets/WithdrawalHistory.tsx';
import { WithdrawForm } from './widgets/WithdrawForm.tsx';
import styles from './widgets/withdrawals.module.css';

/** The form, then the user's withdrawals (cancel while open) under it. */
function WithdrawWithHistory() {
  const { t } = useTranslation('withdrawals');
  return (
    <div className={styles.column}>
      <WithdrawForm />
      <section className={styles.field}>
        <span className={styles.label}>{t('recent')}</span>
        <WithdrawalHistory />
      </section>
    </div>
  );
}

/** `/assets/index?key=withdraw`. */
export function WithdrawTab() {
  return <WithdrawWithHistory />;
}

/** `/account/wallet/withdrawal`. */
export function WithdrawalTab() {
  return <WithdrawWithHistory />;
}

/** `/account/wallet/history-withdrawal`. */
export function WithdrawalHistoryTab() {
  return <WithdrawalHistory />;
}
