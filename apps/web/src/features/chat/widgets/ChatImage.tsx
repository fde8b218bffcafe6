import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatImage } from '../data/queries.ts';
import styles from './chat.module.css';

/** An image message, fetched with the session (no bare URL), shown small; a click enlarges it. */
export function ChatImage({ chatKey, id }: { chatKey: string; id: string }) {
  const { t } = useTranslation('chat');
  const image = useChatImage(chatKey, id);
  if (image.isError) return <span className={styles.imageFailed}>{t('imageFailed')}</span>;
  if (!image.data) return <Skeleton.Image active className={styles.imagePending} />;
  return (
    <Image
      src={image.data.src}
      alt={t('imageAlt')}
      width={Math.min(200, image.data.width)}
      className={styles.image}
    />
  );
}
