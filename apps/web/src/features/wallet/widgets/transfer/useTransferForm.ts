import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../../shared/router/index.tsx';
import type { WalletType } from '@meridian/contract/calls/wallet';
import { sanitizeNumberInput } from '@meridian/core';
import { keyForSubmission, randomKey, type Attempt } from '../../../../shared/api/idempotency.ts';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { WALLET_NAMES, WALLET_TYPES } from '../../model/overview.ts';
import { useCoinAccount, useTransfer } from '../../model/queries.ts';
import { afterTransfer, transferProblem } from '../../model/transfer.ts';

const isWallet = (v: string | null): v is WalletType =>
  (WALLET_TYPES as readonly (string | null)[]).includes(v);

/** The two wallets a link asked for (`?from=2`, `?to=3`), always two different ones. */
function initialWallets(params: URLSearchParams): [WalletType, WalletType] {
  const from = params.get('from');
  const to = params.get('to');
  if (isWallet(from)) return [from, isWallet(to) && to !== from ? to : from === '1' ? '2' : '1'];
  if (isWallet(to)) return [to === '1' ? '2' : '1', to];
  return ['1', '2'];
}

/**
 * The transfer form's state and rules, apart from its view: the two wallets, the coin,
 * the amount as typed (kept to the coin's decimals), what is wrong with it, what both
 * wallets will hold after, and the confirmed submission with its Idempotency-Key.
 */
export function useTransferForm() {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const [[from, to], setWallets] = useState(() => initialWallets(params));
  const [coin, setCoinState] = useState(() => (params.get('coin') ?? 'USDT').toUpperCase());
  const [amount, setAmountText] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const account = useCoinAccount(coin);

  const decimals = account.data?.decimals ?? 8;
  const balanceOf = (type: WalletType) =>
    account.data?.accounts.find((a) => a.type === type)?.available ?? '0';
  const available = balanceOf(from);
  // "12." while typing is 12.
  const canonical = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  const problem = account.data ? transferProblem(canonical, available, decimals) : 'required';
  const after = problem === null ? afterTransfer(available, balanceOf(to), canonical) : null;

  const transfer = useTransfer((result) => {
    attempt.current = null;
    setConfirming(false);
    setAmountText('');
    setTouched(false);
    notifier.notify(
      'success',
      t('transfer.done', {
        amount: result.amount,
        coin: result.coin,
        from: t(`wallets.${WALLET_NAMES[result.from]}`),
        to: t(`wallets.${WALLET_NAMES[result.to]}`),
      }),
    );
  });

  return {
    from,
    to,
    coin,
    amount,
    decimals,
    available,
    account,
    /** Shown once the user has typed or tried to send. */
    problem: touched ? problem : null,
    after,
    confirming,
    submitting: transfer.isPending,
    setFrom(next: WalletType) {
      setWallets(([, current]) => [next, next === current ? from : current]);
    },
    setTo(next: WalletType) {
      setWallets(([current]) => [next === current ? to : current, next]);
    },
    swap() {
      setWallets([to, from]);
    },
    setCoin(next: string) {
      setCoinState(next);
      setAmountText('');
      setTouched(false);
    },
    setAmount(text: string) {
      setAmountText(sanitizeNumberInput(text, decimals));
      setTouched(true);
    },
    max() {
      setAmountText(available);
      setTouched(true);
    },
    /** Opens the confirmation, where nothing has moved yet. */
    review() {
      setTouched(true);
      if (problem === null) setConfirming(true);
    },
    cancel() {
      setConfirming(false);
    },
    /** Sends the confirmed transfer; a retry of the same one reuses its key. */
    confirm() {
      const body = { from, to, coin, amount: canonical };
      const current = keyForSubmission(attempt.current, JSON.stringify(body), randomKey);
      attempt.current = current;
      transfer.mutate({ body, key: current.key });
    },
  };
}
