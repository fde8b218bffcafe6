import { Tag } from 'antd';
import type { WithdrawalState } from '@meridian/contract/calls/withdrawals';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WithdrawalState, string> = {
  review: 'processing',
  approved: 'processing',
  completed: 'success',
  cancelled: 'default',
  rejected: 'error',
};

/** A withdrawal's state in words (never colour alone). */
export function StateTag({ state }: { state: WithdrawalState }) {
  const { t } = useTranslation('withdrawals');
  return <Tag color={COLORS[state]}>{t(`state.${state}`)}</Tag>;
}
