import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useContentChanges } from './queries.ts';

/**
 * Uploads a picture (JPEG, PNG or WebP; the server judges it by its bytes and re-encodes
 * it without metadata) and hands back where it is served.
 */
export function ImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation('content');
  const { image } = useContentChanges();
  return (
    <Upload
      accept="image/jpeg,image/png,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        image.mutate(file, {
          onSuccess: (saved) => {
            notifier.notify('success', t('ops.imageUploaded'));
            onUploaded(saved.url);
          },
        });
        // The mutation sends it; antd's own request never runs.
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={image.isPending}>
        {t('ops.uploadImage')}
      </Button>
    </Upload>
  );
}
