import { Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { VerificationStatus } from '@meridian/contract/calls/verification';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { localeOf, currentLanguage } from '../../../shared/i18n/index.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useBankCard, useVerificationStatus } from '../data/useVerification.ts';
import { QueryGate } from './QueryGate.tsx';
import styles from './verification.module.css';

const STATE_COLOURS: Record<VerificationStatus['state'], string | undefined> = {
  none: undefined,
  basic: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

function countryName(code: string): string {
  try {
    return (
      new Intl.DisplayNames([localeOf(currentLanguage())], { type: 'region' }).of(code) ?? code
    );
  } catch {
    return code;
  }
}

function Identity({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const formatTime = useFormatTime();
  const next =
    status.state === 'none'
      ? { to: '/user/index?key=primary', label: t('status.start') }
      : status.canSubmitAdvanced
        ? { to: '/user/index?key=advanced', label: t('status.continue') }
        : { to: '/user/index?key=certified', label: t('overview.details') };
  return (
    <>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label={t('overview.state')}>
          <Tag color={STATE_COLOURS[status.state]}>{t(`state.${status.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('overview.level')}>
          {t(`levels.${status.level}`)}
        </Descriptions.Item>
        {status.primary && (
          <>
            <Descriptions.Item label={t('primary.name')}>{status.primary.name}</Descriptions.Item>
            <Descriptions.Item label={t('primary.idNumber')}>
              <span className="num">{status.primary.idNumber}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('primary.country')}>
              {countryName(status.primary.country)}
            </Descriptions.Item>
            <Descriptions.Item label={t('primary.idType')}>
              {t(`primary.${status.primary.idType}`)}
            </Descriptions.Item>
          </>
        )}
        {status.advanced && (
          <Descriptions.Item label={t('overview.submitted')}>
            {formatTime(status.advanced.submittedTime)}
          </Descriptions.Item>
        )}
        {status.advanced?.rejectReason && (
          <Descriptions.Item label={t('status.reason')}>
            {status.advanced.rejectReason}
          </Descriptions.Item>
        )}
      </Descriptions>
      <div className={styles.actions}>
        <Link to={next.to}>
          <Button
            type={status.canSubmitPrimary || status.canSubmitAdvanced ? 'primary' : 'default'}
          >
            {next.label}
          </Button>
        </Link>
      </div>
    </>
  );
}

function Bank() {
  const { t } = useTranslation('verification');
  const card = useBankCard();
  return (
    <QueryGate query={card} failed={t('load.bankFailed')} rows={2}>
      {(data) =>
        data ? (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('bank.cardNumber')}>
              <span className="num">{data.cardNumber}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('bank.bankName')}>{data.bankName}</Descriptions.Item>
          </Descriptions>
        ) : (
          <EmptyState description={t('bank.notBound')}>
            <Link to="/user/index?key=bank">
              <Button type="primary">{t('bank.submit')}</Button>
            </Link>
          </EmptyState>
        )
      }
    </QueryGate>
  );
}

/** The account centre's `kyc` tab: identity verification and bank card at a glance. */
export function KycOverview() {
  const { t } = useTranslation('verification');
  const status = useVerificationStatus();
  return (
    <div className={styles.page}>
      <Card title={t('overview.identity')}>
        <QueryGate query={status} failed={t('load.failed')}>
          {(data) => <Identity status={data} />}
        </QueryGate>
      </Card>
      <Card
        title={t('bank.title')}
        extra={<Link to="/user/index?key=bank">{t('overview.details')}</Link>}
      >
        <Bank />
      </Card>
    </div>
  );
}

export default KycOverview;
