import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleOutlined,
  IdcardOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { getOwnFile, type VerificationStatus } from '@meridian/contract/calls/verification';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { Result } from '../../../shared/ui/Result.tsx';
import { useVerificationStatus } from '../data/useVerification.ts';
import { QueryGate } from './QueryGate.tsx';
import styles from './verification.module.css';

/** One of the user's own photos, fetched with their token (an `<img src>` could not send it). */
function Thumb({ id, alt }: { id: string; alt: string }) {
  const { api } = usePlatform();
  const file = useQuery({
    queryKey: ['verification', 'file', id],
    queryFn: () => api.quiet(getOwnFile, { params: { id } }),
    staleTime: Infinity,
  });
  if (!file.data) return <span className={styles.thumbPlaceholder} aria-busy={file.isPending} />;
  return (
    <img
      className={styles.thumb}
      src={`data:${file.data.mime};base64,${file.data.base64}`}
      alt={alt}
    />
  );
}

function SubmittedPhotos({ advanced }: { advanced: NonNullable<VerificationStatus['advanced']> }) {
  const { t } = useTranslation('verification');
  return (
    <div className={styles.thumbs} aria-label={t('status.submittedPhotos')}>
      <Thumb id={advanced.frontFileId} alt={t('advanced.front')} />
      <Thumb id={advanced.backFileId} alt={t('advanced.back')} />
      <Thumb id={advanced.handFileId} alt={t('advanced.hand')} />
    </div>
  );
}

/** Where the user's verification stands, and the one thing to do next. */
export function CertifiedState({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const formatTime = useFormatTime();
  const go = (to: string, label: string) => (
    <Link to={to}>
      <Button type="primary">{label}</Button>
    </Link>
  );
  const advanced = status.advanced;
  switch (status.state) {
    case 'none':
      return (
        <Result
          compact
          icon={<IdcardOutlined />}
          title={t('status.noneTitle')}
          subTitle={t('status.noneText')}
          extra={go('/user/index?key=primary', t('status.start'))}
        />
      );
    case 'basic':
      return (
        <Result
          compact
          icon={<IdcardOutlined />}
          title={t('status.basicTitle')}
          subTitle={t('status.basicText')}
          extra={go('/user/index?key=advanced', t('status.continue'))}
        />
      );
    case 'pending':
      return (
        <>
          <Result
            compact
            tone="warning"
            icon={<ClockCircleOutlined />}
            title={t('status.pendingTitle')}
            subTitle={t('status.pendingText', {
              time: advanced ? formatTime(advanced.submittedTime) : '',
            })}
          />
          {advanced && <SubmittedPhotos advanced={advanced} />}
        </>
      );
    case 'approved':
      return (
        <Result
          compact
          icon={<CheckCircleFilled />}
          title={t('status.approvedTitle')}
          subTitle={t('status.approvedText', {
            time: advanced?.reviewedTime ? formatTime(advanced.reviewedTime) : '',
          })}
        />
      );
    case 'rejected':
      return (
        <>
          <Result
            compact
            tone="warning"
            icon={<CloseCircleOutlined />}
            title={t('status.rejectedTitle')}
            subTitle={
              <p className={styles.reason}>
                <strong>{t('status.reason')}:</strong> {advanced?.rejectReason}
              </p>
            }
            extra={
              <>
                {go('/user/index?key=advanced', t('status.resubmit'))}
                <Link to="/user/index?key=primary">
                  <Button>{t('status.editPrimary')}</Button>
                </Link>
              </>
            }
          />
          {advanced && <SubmittedPhotos advanced={advanced} />}
        </>
      );
  }
}

/** Seed `/user/index?key=certified`: the verification's state on a card of its own. */
export function CertifiedCard() {
  const { t } = useTranslation('verification');
  const status = useVerificationStatus();
  return (
    <Card title={t('tabs.certified')}>
      <QueryGate query={status} failed={t('load.failed')}>
        {(data) => <CertifiedState status={data} />}
      </QueryGate>
    </Card>
  );
}

export default CertifiedCard;
