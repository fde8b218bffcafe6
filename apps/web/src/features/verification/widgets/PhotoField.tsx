import {
  CameraOutlined,
  CheckCircleFilled,
  FileExclamationOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/ui/cx.ts';
import { PHOTO_ACCEPT, type PhotoSlot, type SlotState } from '../data/photo-slots.ts';
import styles from './verification.module.css';

/** One document photo: what is asked, its preview, where its upload stands. */
export function PhotoField({
  slot,
  state,
  onChoose,
}: {
  slot: PhotoSlot;
  state: SlotState;
  onChoose: (file: File) => void;
}) {
  const { t } = useTranslation('verification');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // A file the browser cannot draw (the server will say why) shows an icon, not a broken image.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const label = t(`advanced.${slot}`);
  return (
    <div
      className={cx(
        styles.photo,
        state.status === 'done' && styles.photoDone,
        state.status === 'failed' && styles.photoFailed,
      )}
    >
      <label htmlFor={id} className={styles.photoLabel}>
        {label}
        <span className={styles.photoHint}>{t(`advanced.${slot}Hint`)}</span>
      </label>
      <div className={styles.preview}>
        {state.status === 'empty' ? (
          <CameraOutlined aria-hidden />
        ) : state.preview === unreadable ? (
          <FileExclamationOutlined aria-hidden />
        ) : (
          <img src={state.preview} alt={label} onError={() => setUnreadable(state.preview)} />
        )}
      </div>
      <div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_ACCEPT}
          className={styles.fileInput}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after a failure.
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <Button
          block
          icon={<CameraOutlined />}
          disabled={state.status === 'uploading'}
          onClick={() => input.current?.click()}
        >
          {state.status === 'empty' ? t('advanced.choose') : t('advanced.replace')}
        </Button>
        <div
          className={cx(styles.photoState, state.status === 'failed' && styles.photoError)}
          role={state.status === 'failed' ? 'alert' : 'status'}
        >
          {state.status === 'uploading' && (
            <>
              <LoadingOutlined /> {t('advanced.uploading')}
            </>
          )}
          {state.status === 'done' && (
            <>
              <CheckCircleFilled style={{ color: 'var(--app-primary)' }} /> {t('advanced.uploaded')}
            </>
          )}
          {state.status === 'failed' && (state.error ?? t('advanced.uploadFailed'))}
        </div>
      </div>
    </div>
  );
}
