import { Button, Input, Modal, Select, Space } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeNumberInput } from '@meridian/core';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { canonicalAmount, isPositive } from '../data/level.ts';
import styles from './margin.module.css';

/** Decimals a typed amount may carry (the server reads it by the coin's own rules). */
const AMOUNT_DECIMALS = 8;

/**
 * The one shape of borrow, repay and transfer: a coin, an amount with "max", then a review
 * step (what the server quotes, or what will move) and a confirmation before money moves.
 * A retry of the same confirmation reuses its Idempotency-Key.
 */
export function MoneyDialog({
  open,
  title,
  testId,
  coins,
  coin,
  onCoin,
  max,
  maxLabel,
  extra,
  review,
  confirmText,
  onConfirm,
  onClose,
  newKey,
}: {
  open: boolean;
  title: string;
  testId: string;
  coins: readonly string[];
  coin: string;
  onCoin: (coin: string) => void;
  /** The most the amount may be (decimal string); null while loading. */
  max: string | null;
  maxLabel: string;
  /** Above the coin (a direction switch). */
  extra?: ReactNode;
  /** What the review step shows for the typed amount. */
  review: (amount: string) => ReactNode;
  confirmText: string;
  onConfirm: (amount: string, key: string) => Promise<unknown>;
  onClose: () => void;
  newKey: () => string;
}) {
  const { t } = useTranslation('margin');
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [busy, setBusy] = useState(false);
  const key = useRef<{ key: string; what: string } | null>(null);
  const upper = coin.toUpperCase();
  const close = () => {
    setStep('edit');
    setAmount('');
    key.current = null;
    onClose();
  };
  const confirm = async () => {
    const sent = canonicalAmount(amount);
    const what = `${coin}:${sent}`;
    if (key.current?.what !== what) key.current = { key: newKey(), what };
    setBusy(true);
    try {
      await onConfirm(sent, key.current.key);
      close();
    } catch {
      // The client's popup says why; the dialog stays for a retry with the same key.
    } finally {
      setBusy(false);
    }
  };
  const footer =
    step === 'edit' ? (
      <Space>
        <Button onClick={close}>{t('dialog.cancel')}</Button>
        <Button
          type="primary"
          disabled={!isPositive(amount)}
          onClick={() => setStep('review')}
          data-testid={`${testId}-next`}
        >
          {t('dialog.review')}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={() => setStep('edit')} disabled={busy}>
          {t('dialog.back')}
        </Button>
        <Button
          type="primary"
          loading={busy}
          onClick={() => void confirm()}
          data-testid={`${testId}-confirm`}
        >
          {confirmText}
        </Button>
      </Space>
    );
  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      data-testid={testId}
    >
      {step === 'edit' ? (
        <div className={styles.dialogBody}>
          {extra}
          <label className={styles.dialogField}>
            <span>{t('dialog.coin')}</span>
            <Select
              value={coin}
              onChange={(next) => {
                onCoin(next);
                setAmount('');
              }}
              options={coins.map((c) => ({ value: c, label: c.toUpperCase() }))}
              aria-label={t('dialog.coin')}
              data-testid={`${testId}-coin`}
            />
          </label>
          <label className={styles.dialogField}>
            <span>{t('dialog.amount')}</span>
            <Input
              inputMode="decimal"
              value={amount}
              onChange={(event) =>
                setAmount(sanitizeNumberInput(event.target.value, AMOUNT_DECIMALS))
              }
              aria-label={t('dialog.amount')}
              data-testid={`${testId}-amount`}
              suffix={
                <Button
                  type="link"
                  size="small"
                  disabled={max === null || !isPositive(max)}
                  onClick={() => max !== null && setAmount(max)}
                >
                  {t('dialog.max')}
                </Button>
              }
            />
          </label>
          <p className={styles.dialogMax}>
            <span>{maxLabel}</span>
            <Exact value={max} unit={upper} />
          </p>
        </div>
      ) : (
        <div className={styles.dialogBody} data-testid={`${testId}-review`}>
          <dl className={styles.figures}>
            <div>
              <dt>{t('dialog.amount')}</dt>
              <dd>
                <Exact value={canonicalAmount(amount)} unit={upper} />
              </dd>
            </div>
          </dl>
          {review(canonicalAmount(amount))}
        </div>
      )}
    </Modal>
  );
}
