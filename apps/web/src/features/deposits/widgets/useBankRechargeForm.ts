import { useEffect, useRef, useState } from 'react';
import type { BankRecharge, RechargeBank } from '@meridian/contract/calls/recharges';
import { sanitizeNumberInput } from '@meridian/core';
import { ApiError } from '../../../shared/api/client.ts';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { useSubmitRecharge, useUploadScreenshot } from '../data/useBankRecharges.ts';
import { amountProblem } from './bank-amount.ts';

export type ScreenshotState =
  | { status: 'empty' }
  | { status: 'uploading'; preview: string }
  | { status: 'done'; preview: string; id: string }
  | { status: 'failed'; preview: string; error: string | null };

/**
 * The bank recharge form's state and rules, apart from its view: the coin, the amount as
 * typed (kept to the coin's decimals), the screenshot (previewed at once, uploaded at once,
 * its refusal kept for the view), the confirmation, and the submitted order. One
 * Idempotency-Key per confirmed submission, reused if the same one is sent again.
 */
export function useBankRechargeForm(banks: readonly RechargeBank[]) {
  const [coin, setCoinState] = useState(banks[0]?.coin);
  const [amount, setAmountText] = useState('');
  const [touched, setTouched] = useState(false);
  const [screenshot, setScreenshot] = useState<ScreenshotState>({ status: 'empty' });
  const [confirming, setConfirming] = useState(false);
  const [order, setOrder] = useState<BankRecharge | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const uploads = useRef(0);
  const preview = useRef<string | null>(null);
  const upload = useUploadScreenshot();
  const submit = useSubmitRecharge();

  useEffect(
    () => () => {
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  const bank = banks.find((b) => b.coin === coin) ?? banks[0];
  const canonical = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  const problem = bank ? amountProblem(canonical, bank) : 'required';

  async function chooseScreenshot(file: File) {
    if (preview.current) URL.revokeObjectURL(preview.current);
    const url = URL.createObjectURL(file);
    preview.current = url;
    uploads.current += 1;
    const mine = uploads.current;
    setScreenshot({ status: 'uploading', preview: url });
    try {
      const id = await upload(file);
      if (mine === uploads.current) setScreenshot({ status: 'done', preview: url, id });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : null;
      if (mine === uploads.current)
        setScreenshot({ status: 'failed', preview: url, error: message });
    }
  }

  return {
    bank,
    amount,
    /** Shown once the user has typed or tried to send. */
    problem: touched ? problem : null,
    screenshot,
    /** The screenshot is missing, shown once the user tried to send without one. */
    screenshotMissing: touched && screenshot.status !== 'done',
    confirming,
    submitting: submit.isPending,
    order,
    setCoin(next: string) {
      setCoinState(next);
      setAmountText((current) =>
        sanitizeNumberInput(current, banks.find((b) => b.coin === next)?.decimals ?? 0),
      );
    },
    setAmount(text: string) {
      setTouched(true);
      setAmountText(sanitizeNumberInput(text, bank?.decimals ?? 0));
    },
    chooseScreenshot: (file: File) => void chooseScreenshot(file),
    /** Asks for the confirmation when everything is in order, else shows what is not. */
    review() {
      setTouched(true);
      if (problem === null && screenshot.status === 'done') setConfirming(true);
    },
    cancel: () => setConfirming(false),
    confirm() {
      if (!bank || screenshot.status !== 'done') return;
      const body = { coin: bank.coin, amount: canonical, screenshotId: screenshot.id };
      attempt.current = keyForSubmission(attempt.current, JSON.stringify(body), randomKey);
      submit.mutate(
        { ...body, key: attempt.current.key },
        {
          onSuccess: (made) => {
            attempt.current = null;
            setConfirming(false);
            setOrder(made);
          },
          // The request rules showed the server's words; the confirmation stays open to retry.
        },
      );
    },
    /** Back to an empty form for another recharge. */
    another() {
      if (preview.current) URL.revokeObjectURL(preview.current);
      preview.current = null;
      setOrder(null);
      setAmountText('');
      setTouched(false);
      setScreenshot({ status: 'empty' });
    },
  };
}

export type BankRechargeForm = ReturnType<typeof useBankRechargeForm>;
