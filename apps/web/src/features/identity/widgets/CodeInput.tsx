import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './identity.module.css';

interface CodeInputProps {
  /** Set by Form.Item, so the field's label points at the input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onSend: () => void;
  canSend: boolean;
  sending: boolean;
  secondsLeft: number;
}

/** A 6-digit code field with its send button and the resend countdown. */
export function CodeInput({
  id,
  value,
  onChange,
  onSend,
  canSend,
  sending,
  secondsLeft,
}: CodeInputProps) {
  const { t } = useTranslation('identity');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('account.code.placeholder')}
      />
      <Button onClick={onSend} disabled={!canSend} loading={sending} className={styles.codeButton}>
        {secondsLeft > 0
          ? t('account.code.resendIn', { seconds: secondsLeft })
          : t('account.code.send')}
      </Button>
    </Space.Compact>
  );
}
