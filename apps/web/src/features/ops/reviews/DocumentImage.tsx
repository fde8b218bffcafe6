import { FileImageOutlined } from '@ant-design/icons';
import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useDocumentImage } from './useDocumentImage.ts';
import styles from './reviews.module.css';

/** One document photo, fetched only when the operator may view documents. */
export function DocumentImage({
  fileId,
  label,
  allowed,
}: {
  fileId: string;
  label: string;
  allowed: boolean;
}) {
  const { t } = useTranslation('ops');
  const { url, file } = useDocumentImage(fileId, allowed);
  let body;
  if (!allowed) {
    body = (
      <div className={styles.placeholder}>
        <FileImageOutlined />
        <span>{t('reviews.documentsForbidden')}</span>
      </div>
    );
  } else if (url) {
    body = <Image src={url} alt={label} className={styles.image} />;
  } else if (file.isError) {
    body = (
      <LoadFailed
        title={file.error.message || t('reviews.documentFailed')}
        onRetry={() => void file.refetch()}
        retrying={file.isFetching}
      />
    );
  } else {
    body = <Skeleton.Image active className={styles.placeholder} />;
  }
  return (
    <figure className={styles.document}>
      {body}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
