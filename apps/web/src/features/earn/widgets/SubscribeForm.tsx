import { Alert, Button, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../shared/router/index.tsx';
import { sanitizeNumberInput } from '@meridian/core';
import type { EarnProduct, EarnQuote } from '@meridian/contract/calls/earn';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useSession } from '../../../shared/session/store.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { useEarnActions, useFinanceBalances, useQuote } from '../data/queries.ts';
import styles from './earn.module.css';

/** Decimals the field keeps; the server refuses more than the coin has, with a clear message. */
const INPUT_DECIMALS = 8;

/** What the quote says the subscription pays, and when: shown before and in the confirmation. */
function QuoteRows({ quote }: { quote: EarnQuote }) {
  const { t } = useTranslation('earn');
  const formatTime = useFormatTime();
  const coin = quote.coin;
  return (
    <dl className={styles.rows} data-testid="earn-quote">
      <dt>{t('field.amount')}</dt>
      <dd>
        <Exact value={quote.amount} unit={coin} />
      </dd>
      <dt>{t('field.dailyIncome')}</dt>
      <dd>
        <Exact value={quote.dailyIncome} unit={coin} />
      </dd>
      <dt>{t('field.estimatedRevenue')}</dt>
      <dd>
        <Exact value={quote.estimatedRevenue} unit={coin} />
      </dd>
      <dt>{t('field.startDate')}</dt>
      <dd>
        {quote.startDate} ({quote.timeZone})
      </dd>
      <dt>{t('field.endDate')}</dt>
      <dd>
        {quote.endDate} ({quote.timeZone})
      </dd>
      <dt>{t('field.paymentTime')}</dt>
      <dd>{formatTime(new Date(quote.paymentTime).toISOString())}</dd>
      <dt>{t('field.penaltyNow')}</dt>
      <dd>
        <Exact value={quote.penalty} unit={coin} />
      </dd>
    </dl>
  );
}

/** The amount typed, settled for 300 ms before it is quoted. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Subscribing: the amount, what it will pay and when (the server's quote, exactly as it
 * will be paid), then a confirmation that repeats it before the principal moves.
 */
export function SubscribeForm({ product }: { product: EarnProduct }) {
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  const isLogin = useSession((s) => s.isLogin);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const settled = useSettled(amount);
  const quote = useQuote(product.id, settled);
  const balances = useFinanceBalances();
  const { subscribe } = useEarnActions();
  const available = balances.data?.find((b) => b.coin === product.coin)?.available;

  if (!isLogin) {
    return (
      <div className={styles.form}>
        <p className={styles.muted}>{t('subscribe.signIn')}</p>
        <Button type="primary" onClick={() => navigate('/user/login')}>
          {t('subscribe.login')}
        </Button>
      </div>
    );
  }

  const current = quote.data && settled === amount && quote.data.amount !== '' ? quote.data : null;
  const ready = current !== null && !quote.isError && !quote.isFetching;

  async function confirm() {
    const body = { productId: product.id, amount };
    attempt.current = keyForSubmission(attempt.current, JSON.stringify(body), randomKey);
    try {
      const order = await subscribe.mutateAsync({ body, key: attempt.current.key });
      attempt.current = null;
      setConfirming(false);
      notifier.notify('success', t('subscribe.done'));
      navigate(order.kind === 'pledge' ? '/pledge/order' : '/finance/investment?tab=mine');
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }

  return (
    <div className={styles.form}>
      <div className={styles.head}>
        <span className={styles.muted}>
          {t('subscribe.available')} <Exact value={available ?? '0'} unit={product.coin} />
        </span>
        <Link to="/assets/index?key=transfer">{t('subscribe.transfer')}</Link>
      </div>
      <label htmlFor="earn-amount">{t('field.amount')}</label>
      <Input
        id="earn-amount"
        inputMode="decimal"
        value={amount}
        placeholder={t('subscribe.placeholder', { min: product.minAmount, max: product.maxAmount })}
        suffix={product.coin}
        onChange={(e) => setAmount(sanitizeNumberInput(e.target.value, INPUT_DECIMALS))}
        disabled={!product.open}
      />
      {quote.isError && amount !== '' ? (
        <Alert type="warning" showIcon title={quote.error.message} />
      ) : null}
      {current ? <QuoteRows quote={current} /> : null}
      <Button
        type="primary"
        block
        disabled={!ready || !product.open}
        onClick={() => setConfirming(true)}
        data-testid="earn-subscribe"
      >
        {t('subscribe.button')}
      </Button>
      {!product.open ? <p className={styles.muted}>{t('subscribe.closed')}</p> : null}
      <Modal
        open={confirming && current !== null}
        title={t('subscribe.confirmTitle')}
        okText={t('subscribe.confirm')}
        cancelText={t('subscribe.cancel')}
        confirmLoading={subscribe.isPending}
        onOk={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('subscribe.confirmText', { coin: product.coin })}</p>
        {current ? <QuoteRows quote={current} /> : null}
      </Modal>
    </div>
  );
}
