import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import ui from '../ui/ui.module.css';

/**
 * The one-time password of a new or reset operator. The server shows it once and keeps
 * only its hash, so this dialog is the only place it ever appears; it is handed over out
 * of band, and the first sign-in replaces it.
 */
export function OneTimePassword({
  shown,
  onClose,
}: {
  shown: { email: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  return (
    <Modal
      open={shown !== null}
      title={t('operators.oneTimeTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('operators.oneTimeDone')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      {shown && (
        <>
          <p>{t('operators.oneTimeLead', { email: shown.email })}</p>
          <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginBottom: 12 }}>
            <code className={ui.mono} data-testid="ops-one-time-password" style={{ fontSize: 15 }}>
              {shown.password}
            </code>
            <CopyButton value={shown.password} label={t('operators.copyPassword')} />
          </div>
          <Alert type="warning" showIcon title={t('operators.oneTimeWarning')} />
        </>
      )}
    </Modal>
  );
}
