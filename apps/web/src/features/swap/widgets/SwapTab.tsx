import { CheckCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Select, Skeleton, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { SwapQuote } from '@meridian/contract/calls/swap';
import { localizeDigits } from '@meridian/core';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { Result } from '../../../shared/ui/Result.tsx';
import { Amount, Exact, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { bpsPercent } from '../model/swap-form.ts';
import { RecentSwaps } from './RecentSwaps.tsx';
import styles from './swap.module.css';
import { useSwapForm, type SwapForm } from './useSwapForm.ts';

/** A quote's figures: rate, spread, gross, fee, what the user receives, the index used. */
function QuoteFigures({ quote }: { quote: SwapQuote }) {
  const { t } = useTranslation('swap');
  const locale = useNumberLocale();
  return (
    <>
      <dl className={styles.figures} data-testid="swap-figures">
        <dt>{t('rate')}</dt>
        <dd>
          1 {quote.from} ≈ <Exact value={quote.rate} unit={quote.to} />
        </dd>
        <dt>{t('spread')}</dt>
        <dd>{t('percent', { value: bpsPercent(quote.spreadBps) })}</dd>
        <dt>{t('gross')}</dt>
        <dd>
          <Exact value={quote.gross} unit={quote.to} />
        </dd>
        <dt>{t('fee', { percent: bpsPercent(quote.feeBps) })}</dt>
        <dd>
          <Exact value={quote.fee} unit={quote.to} />
        </dd>
        <dt>{t('net')}</dt>
        <dd className={styles.net} data-testid="swap-net">
          <Exact value={quote.net} unit={quote.to} />
        </dd>
      </dl>
      <div className={styles.index}>
        {quote.prices
          .filter((p) => p.time !== null)
          .map((p) =>
            t('index', {
              coin: p.coin,
              price: localizeDigits(p.price, locale),
              time: new Date(p.time!).toLocaleTimeString(locale),
            }),
          )
          .join(' · ')}
      </div>
    </>
  );
}

/** The live quote under the form: its states, its countdown and a mark when renewed. */
function LiveQuote({ form }: { form: SwapForm }) {
  const { t } = useTranslation('swap');
  let body;
  if (form.quote) {
    body = <QuoteFigures quote={form.quote} />;
  } else if (form.quoting) {
    body = (
      <Spin size="small" description={t('quoting')}>
        <div className={styles.hint} />
      </Spin>
    );
  } else if (form.quoteFailed) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={form.quoteError ?? t('quoteFailed')}
        action={
          <Button size="small" onClick={form.retryQuote}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    body = <span className={styles.hint}>{t('enterQuantity')}</span>;
  }
  return (
    <section className={styles.quote} aria-live="polite" aria-label={t('quoteTitle')}>
      <div className={styles.quoteHead}>
        <span>{t('quoteTitle')}</span>
        <span>
          {form.renewed ? <Tag color="processing">{t('renewed')}</Tag> : null}
          {form.quote ? (
            <span data-testid="swap-countdown">
              {form.secondsLeft > 0 ? t('validFor', { seconds: form.secondsLeft }) : t('renewing')}
            </span>
          ) : null}
        </span>
      </div>
      {body}
    </section>
  );
}

/** The published terms beside the form. */
function Terms({ form }: { form: SwapForm }) {
  const { t } = useTranslation('swap');
  const terms = form.terms.data!;
  return (
    <Panel title={t('termsTitle')}>
      <dl className={styles.figures}>
        <dt>{t('spread')}</dt>
        <dd>{t('percent', { value: bpsPercent(terms.spreadBps) })}</dd>
        <dt>{t('feeRate')}</dt>
        <dd>{t('percent', { value: bpsPercent(terms.feeBps) })}</dd>
        <dt>{t('validity')}</dt>
        <dd>{t('seconds', { count: terms.quoteSeconds })}</dd>
      </dl>
      <p className={styles.hint}>{t('termsNote')}</p>
    </Panel>
  );
}

/** After a swap: what was received and both balances now. */
function Done({ form }: { form: SwapForm }) {
  const { t } = useTranslation('swap');
  const done = form.result!;
  return (
    <Panel title={t('title')}>
      <Result
        icon={<CheckCircleOutlined />}
        title={t('done', { net: done.net, to: done.to })}
        subTitle={t('doneFor', { quantity: done.quantity, from: done.from })}
        extra={
          <div className={styles.doneExtra}>
            <dl className={styles.balances} data-testid="swap-balances">
              {done.balances.map((b) => [
                <dt key={`${b.coin}-t`}>{t('balanceOf', { coin: b.coin })}</dt>,
                <dd key={`${b.coin}-d`}>
                  <Exact value={b.available} unit={b.coin} />
                </dd>,
              ])}
            </dl>
            <div className={styles.doneActions}>
              <Button type="primary" onClick={form.again}>
                {t('again')}
              </Button>
              <Link to="/assets/index?key=records">{t('bills')}</Link>
            </div>
          </div>
        }
      />
    </Panel>
  );
}

/**
 * `/assets/index?key=swap`: swap one coin for another at today's index rate with the
 * published spread and fee. The quote is shown live with its countdown; "Swap" opens a
 * confirmation of exactly that quote, and only confirming it moves money.
 */
export function SwapTab() {
  const { t } = useTranslation('swap');
  const form = useSwapForm();

  if (form.terms.isPending || form.balances.isPending) {
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (form.terms.isError || form.balances.isError) {
    return (
      <LoadFailed
        title={t('loadFailed')}
        onRetry={() => {
          void form.terms.refetch();
          void form.balances.refetch();
        }}
        retrying={form.terms.isFetching || form.balances.isFetching}
      />
    );
  }
  const options = form.coins.map((c) => ({ value: c.coin, label: c.coin }));
  const problem = form.problem;

  return (
    <div className={styles.layout}>
      {form.result ? (
        <Done form={form} />
      ) : (
        <Panel title={t('title')}>
          <Form layout="vertical" onFinish={form.review} requiredMark={false}>
            <div className={styles.coins}>
              <Form.Item label={t('from')} htmlFor="swap-from">
                <Select
                  id="swap-from"
                  showSearch
                  value={form.from}
                  options={options}
                  onChange={form.setFrom}
                />
              </Form.Item>
              <Button
                className={styles.flip}
                icon={<SwapOutlined />}
                aria-label={t('flip')}
                onClick={form.flip}
              />
              <Form.Item label={t('to')} htmlFor="swap-to">
                <Select
                  id="swap-to"
                  showSearch
                  value={form.to}
                  options={options}
                  onChange={form.setTo}
                />
              </Form.Item>
            </div>
            <Form.Item
              label={t('quantity')}
              htmlFor="swap-quantity"
              validateStatus={problem && problem !== 'required' ? 'error' : undefined}
              help={problem && problem !== 'required' ? t(`problem.${problem}`) : undefined}
            >
              <Input
                id="swap-quantity"
                inputMode="decimal"
                autoComplete="off"
                value={form.quantity}
                placeholder={t('quantityPlaceholder', { coin: form.from })}
                onChange={(e) => form.setQuantity(e.target.value)}
                suffix={
                  <Button type="link" size="small" onClick={form.max}>
                    {t('max')}
                  </Button>
                }
              />
            </Form.Item>
            <p className={styles.available}>
              {t('available')} <Amount value={form.available} unit={form.from} />
            </p>
            <LiveQuote form={form} />
            <Form.Item style={{ marginTop: 16, marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block disabled={!form.canSwap}>
                {t('swap')}
              </Button>
            </Form.Item>
          </Form>
        </Panel>
      )}
      <div className={styles.side}>
        <Terms form={form} />
        <RecentSwaps />
      </div>
      <Modal
        open={form.confirming}
        title={t('confirmTitle')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={form.confirm}
        onCancel={form.cancel}
        okButtonProps={{ disabled: !form.canSwap }}
        confirmLoading={form.submitting}
        destroyOnHidden
      >
        {form.expiredNotice ? (
          <Alert type="warning" showIcon title={t('expired')} style={{ marginBottom: 12 }} />
        ) : null}
        {form.failure ? (
          <Alert type="error" showIcon title={form.failure} style={{ marginBottom: 12 }} />
        ) : null}
        {form.quote ? (
          <>
            <p>
              {t('confirmText', {
                quantity: form.quote.quantity,
                from: form.quote.from,
                net: form.quote.net,
                to: form.quote.to,
              })}
            </p>
            <LiveQuote form={form} />
          </>
        ) : (
          <Spin description={t('quoting')}>
            <div style={{ minHeight: 80 }} />
          </Spin>
        )}
      </Modal>
    </div>
  );
}
