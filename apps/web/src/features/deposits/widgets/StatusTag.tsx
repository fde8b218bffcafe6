import { Tag } from 'antd';
import type {
  BankDepositRecord,
  ChainDepositRecord,
  DepositRecord,
} from '@meridian/contract/calls/deposits';
import { useTranslation } from 'react-i18next';
import styles from './deposits.module.css';

const CHAIN_COLORS: Record<ChainDepositRecord['status'], string> = {
  confirming: 'processing',
  credited: 'success',
  dropped: 'error',
  belowMinimum: 'warning',
};

const BANK_COLORS: Record<BankDepositRecord['status'], string> = {
  review: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** A bank recharge's state in words: under review, approved, rejected. */
export function BankStatusTag({ status }: { status: BankDepositRecord['status'] }) {
  const { t } = useTranslation('deposits');
  return (
    <Tag color={BANK_COLORS[status]} className={styles.tag}>
      {t(`bank.status.${status}`)}
    </Tag>
  );
}

/** A deposit's status in words (never colour alone), with its confirmations while it waits. */
export function StatusTag({ record }: { record: DepositRecord }) {
  const { t } = useTranslation('deposits');
  if (record.way === 'bank') return <BankStatusTag status={record.status} />;
  const count = record.status === 'confirming' ? ` ${record.confirmations}/${record.required}` : '';
  return (
    <Tag color={CHAIN_COLORS[record.status]} className={styles.tag}>
      {t(`status.${record.status}`)}
      {count}
    </Tag>
  );
}
