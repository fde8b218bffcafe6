import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReviewState } from '@meridian/contract/calls/reviews';

const COLOURS: Record<ReviewState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function ReviewStateTag({ state }: { state: ReviewState }) {
  const { t } = useTranslation('ops');
  return <Tag color={COLOURS[state]}>{t(`reviews.state.${state}`)}</Tag>;
}
