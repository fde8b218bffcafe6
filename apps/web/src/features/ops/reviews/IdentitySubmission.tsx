import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentityReviewDetail } from '@meridian/contract/calls/reviews';
import { opsFile } from '@meridian/contract/calls/reviews';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { useCan } from '../session/session-store.ts';
import { DocumentImage } from './DocumentImage.tsx';
import styles from './reviews.module.css';
import ui from '../ui/ui.module.css';

/** A country's name in the operator's language, with its code (the declared value). */
export function countryName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * An identity submission as the reviewer compares it: what the user declared (the ID
 * number whole) beside the three document photos.
 */
export function IdentitySubmission({ detail }: { detail: IdentityReviewDetail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const locale = useNumberLocale();
  const mayView = useCan(opsFile.permission);
  const { primary, documents } = detail;
  return (
    <>
      <h3 className={ui.subTitle}>{t('reviews.identity.declared')}</h3>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'name', label: t('reviews.identity.name'), children: primary.name },
          {
            key: 'idNumber',
            label: t('reviews.identity.idNumber'),
            children: <span className={ui.mono}>{primary.idNumber}</span>,
          },
          {
            key: 'country',
            label: t('reviews.identity.country'),
            children: countryName(primary.country, locale),
          },
          {
            key: 'idType',
            label: t('reviews.identity.idType'),
            children: t(`reviews.identity.idTypes.${primary.idType}`),
          },
          {
            key: 'completed',
            label: t('reviews.identity.primaryAt'),
            children: formatTime(primary.completedAt),
          },
        ]}
      />
      <h3 className={ui.subTitle}>{t('reviews.identity.documents')}</h3>
      <div className={styles.documents}>
        {(['front', 'back', 'hand'] as const).map((side) => (
          <DocumentImage
            key={side}
            fileId={documents[side].id}
            label={t(`reviews.identity.photo.${side}`)}
            allowed={mayView}
          />
        ))}
      </div>
    </>
  );
}
