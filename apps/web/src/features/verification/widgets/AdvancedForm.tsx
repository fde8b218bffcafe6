import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { verified, type VerificationStatus } from '@meridian/contract/calls/verification';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { anyUploading, PHOTO_SLOTS, readyFiles } from '../data/photo-slots.ts';
import { useBusy } from '../data/useBusy.ts';
import { usePhotoSlots } from '../data/usePhotoSlots.ts';
import { useRefreshVerification, useVerificationStatus } from '../data/useVerification.ts';
import { CertifiedState } from './CertifiedState.tsx';
import { PhotoField } from './PhotoField.tsx';
import { QueryGate } from './QueryGate.tsx';
import styles from './verification.module.css';

function Photos({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const { api } = usePlatform();
  const refresh = useRefreshVerification();
  const { slots, choose } = usePhotoSlots();
  const files = readyFiles(slots);
  const { busy, run } = useBusy(async () => {
    if (!files) return;
    await api(verified, { body: { level: 'advanced', ...files } });
    notifier.notify('success', t('success.submitted'));
    await refresh();
  });
  return (
    <>
      {status.advanced?.state === 'rejected' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('status.rejectedTitle')}
          description={`${t('status.reason')}: ${status.advanced.rejectReason ?? ''}`}
        />
      )}
      <p className={styles.lead}>{t('advanced.lead')}</p>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('advanced.hint')} />
      <div className={styles.photos}>
        {PHOTO_SLOTS.map((slot) => (
          <PhotoField
            key={slot}
            slot={slot}
            state={slots[slot]}
            onChoose={(file) => void choose(slot, file)}
          />
        ))}
      </div>
      <p className={styles.lead}>{t('advanced.privacy')}</p>
      <Button
        type="primary"
        disabled={!files || anyUploading(slots)}
        loading={busy}
        onClick={() => void run()}
      >
        {t('advanced.submit')}
      </Button>
    </>
  );
}

/** Seed `/user/index?key=advanced`: front, back and hand-held photos of the document. */
export function AdvancedForm() {
  const { t } = useTranslation('verification');
  const status = useVerificationStatus();
  return (
    <Card title={t('advanced.title')}>
      <QueryGate query={status} failed={t('load.failed')}>
        {(data) =>
          data.canSubmitAdvanced ? (
            <Photos status={data} />
          ) : data.state === 'none' ? (
            <Alert
              type="info"
              showIcon
              className={styles.nextStep}
              title={t('advanced.needPrimary')}
              action={
                <Link to="/user/index?key=primary">
                  <Button size="small" type="primary">
                    {t('advanced.goPrimary')}
                  </Button>
                </Link>
              }
            />
          ) : (
            <CertifiedState status={data} />
          )
        }
      </QueryGate>
    </Card>
  );
}

export default AdvancedForm;
