import { Tag } from 'antd';
import type { DepositRecord } from '@meridian/contract/calls/deposits';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DepositRecord['status'], string> = {
  confirming: 'processing',
  credited: 'success',
  dropped: 'error',
  belowMinimum: 'warning',
};

/** A deposit's status in words (never colour alone), with its confirmations while it waits. */
export function StatusTag({ record }: { record: DepositRecord }) {
  const { t } = useTranslation('deposits');
  const count = record.status === 'confirming' ? ` ${record.confirmations}/${record.required}` : '';
  return (
    <Tag color={COLORS[record.status]}>
      {t(`status.${record.status}`)}
      {count}
    </Tag>
  );
}
