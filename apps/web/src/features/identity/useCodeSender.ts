import { useEffect, useState } from 'react';
import { sendEmailCode, sendMobileCode, type CodePurpose } from '@meridian/contract/calls/user';
import { notifier } from '../../shared/feedback/notifier.ts';
import { usePlatform } from '../../shared/platform/context.tsx';
import i18next from 'i18next';

export type CodeTarget =
  { channel: 'email'; email: string } | { channel: 'sms'; phone: string; areaCode: string };

export function targetKey(target: CodeTarget): string {
  return target.channel === 'email'
    ? target.email.trim().toLowerCase()
    : `+${target.areaCode}${target.phone}`;
}

/**
 * Sends a verification code and counts down the 60-second wait before another may be
 * asked for the same address; another address may have its code at once, as the server
 * allows. Failures are shown by the request rules' popup.
 */
export function useCodeSender(purpose: CodePurpose) {
  const { api } = usePlatform();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [lastTarget, setLastTarget] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function send(target: CodeTarget): Promise<boolean> {
    setSending(true);
    try {
      const answer =
        target.channel === 'email'
          ? await api(sendEmailCode, { body: { email: target.email, purpose } })
          : await api(sendMobileCode, {
              body: { phone: target.phone, areaCode: target.areaCode, purpose },
            });
      setLastTarget(targetKey(target));
      setSecondsLeft(answer.resendAfterSeconds);
      notifier.notify(
        'success',
        i18next.t(
          target.channel === 'email'
            ? 'identity:account.code.sentEmail'
            : 'identity:account.code.sentPhone',
        ),
      );
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  }

  /** Seconds to wait before a code to `key` (see targetKey) may be asked for again. */
  const waitFor = (key: string) => (key === lastTarget ? Math.max(0, secondsLeft) : 0);
  return { send, sending, waitFor };
}
