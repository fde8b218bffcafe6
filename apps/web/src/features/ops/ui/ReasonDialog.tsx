import { Alert, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The contract's reason rule (3 to 500 characters once trimmed), said before sending. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * The confirmation before a change to money or access: it says what will happen and asks
 * for the reason the audit log keeps (and, for a rejection, the user reads). Nothing is
 * sent before the operator confirms here. A failure keeps the dialog open; the client has
 * already shown the server's message.
 */
export function ReasonDialog({
  open,
  title,
  children,
  okText,
  danger = false,
  reasonRequired = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  /** What confirming does, in plain words. */
  children?: ReactNode;
  okText: string;
  danger?: boolean;
  reasonRequired?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onConfirm((reason ?? '').trim());
      form.resetFields();
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {children && (
        <Alert
          type={danger ? 'warning' : 'info'}
          showIcon
          title={children}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" name="ops-reason" requiredMark={false}>
        <Form.Item
          name="reason"
          label={reasonRequired ? t('common.reason') : t('common.reasonOptional')}
          rules={[
            { required: reasonRequired, whitespace: true, message: t('common.reasonRequired') },
            {
              validator: async (_, value?: string) => {
                const length = (value ?? '').trim().length;
                if (length > 0 && (length < REASON_MIN || length > REASON_MAX)) {
                  throw new Error(t('common.reasonRule', { min: REASON_MIN, max: REASON_MAX }));
                }
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
