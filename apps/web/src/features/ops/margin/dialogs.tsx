import { Alert, Button, Form, Input, InputNumber, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  opsFundMarginPool,
  opsSetMarginPair,
  opsSetMarginPool,
  type MarginPair,
  type OpsMarginPool,
} from '@meridian/contract/calls/margin';
import { sanitizeNumberInput } from '@meridian/core';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { useMarginChanges, type PairInput, type PoolFunding, type PoolInput } from './queries.ts';
import {
  hourlyOfDailyRate,
  isZeroRate,
  plusAmount,
  shareWithin,
  yearlyOfDailyRate,
} from './rates.ts';
import { ratePercent } from '../../margin/index.ts';
import { displayName } from '../../markets/index.ts';
import styles from './margin.module.css';

const POSITIVE = /^(?!0+(\.0+)?$)\d{1,15}(\.\d{1,18})?$/;
const amount = (v: string) => sanitizeNumberInput(v, 18);
const pass = () => Promise.resolve();

interface Sending {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
}

/**
 * A change in two steps: the form, then what will be sent, checked before it goes. A
 * refusal shows in the dialog in the server's words; the dialog stays for another try.
 */
function ReviewDialog<T extends object>({
  title,
  form,
  initialValues,
  lead,
  fields,
  summary,
  sendText,
  sending,
  send,
  onClose,
}: {
  title: string;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  lead: ReactNode;
  fields: ReactNode;
  summary: (values: T) => ReactNode;
  sendText: string;
  sending: Sending;
  send: (values: T) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const [checked, setChecked] = useState<T | null>(null);
  async function review() {
    setChecked(await form.validateFields());
  }
  async function submit() {
    if (!checked) return;
    try {
      await send(checked);
      onClose();
    } catch {
      // Shown below in the server's words.
    }
  }
  function back() {
    sending.reset();
    setChecked(null);
  }
  const footer = checked
    ? [
        <Button key="back" onClick={back} disabled={sending.isPending}>
          {t('margin.back')}
        </Button>,
        <Button key="send" type="primary" loading={sending.isPending} onClick={() => void submit()}>
          {sendText}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="review" type="primary" onClick={() => void review().catch(pass)}>
          {t('margin.review')}
        </Button>,
      ];
  return (
    <Modal open title={title} footer={footer} onCancel={onClose} mask={{ closable: false }}>
      {/* Kept mounted while the summary shows, so Back finds what was typed. */}
      <div hidden={checked !== null}>
        <p>{lead}</p>
        <Form form={form} layout="vertical" initialValues={initialValues}>
          {fields}
        </Form>
      </div>
      {checked ? (
        <div data-testid="margin-review">
          <p>{t('margin.checkLead')}</p>
          {summary(checked)}
        </div>
      ) : null}
      {checked && sending.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className={styles.error}
          title={sending.error.message || t('margin.failedChange')}
        />
      ) : null}
    </Modal>
  );
}

/** Label and value lines of a summary. */
function Summary({ lines }: { lines: [string, ReactNode][] }) {
  return (
    <dl className={styles.summary}>
      {lines.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A rate in percent, every digit ("0.000834 %"). */
const Pct = ({ rate }: { rate: string | null }) => (
  <Exact value={rate === null ? null : ratePercent(rate)} unit="%" />
);

/** Now and after the change, when the change alters it. */
function Change({ from, to }: { from: ReactNode | undefined; to: ReactNode }) {
  return from === undefined ? (
    <>{to}</>
  ) : (
    <>
      {from} → {to}
    </>
  );
}

/**
 * Opens a coin to borrowing (`pool` null) or retunes its pool: the daily rate, charged
 * hourly from the next hour, and the share of savings it may lend (at most `maxShare`).
 */
export function PoolDialog({
  pool,
  maxShare,
  onClose,
}: {
  pool: OpsMarginPool | null;
  maxShare: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const { pool: save } = useMarginChanges();
  const [form] = Form.useForm<PoolInput>();
  const daily = Form.useWatch('dailyRate', form) ?? pool?.dailyRate ?? '';
  const dailyOk = opsSetMarginPool.body.shape.dailyRate.safeParse(daily).success;
  const hourly = dailyOk ? hourlyOfDailyRate(daily) : null;
  const share = (value: string) =>
    isZeroRate(value) ? t('margin.notLent') : <Exact value={ratePercent(value)} unit="%" />;
  return (
    <ReviewDialog<PoolInput>
      title={pool ? t('margin.poolTitle', { coin: pool.coin }) : t('margin.openCoinTitle')}
      form={form}
      initialValues={
        pool
          ? { coin: pool.coin, dailyRate: pool.dailyRate, savingsShare: pool.savingsShare }
          : { coin: '', dailyRate: '0.0002', savingsShare: '0' }
      }
      lead={t('margin.poolText')}
      sendText={t('margin.save')}
      sending={save}
      send={async (values) => {
        await save.mutateAsync({ ...values, coin: values.coin.trim().toUpperCase() });
        notifier.notify('success', t('margin.saved'));
      }}
      onClose={onClose}
      fields={
        <>
          <Form.Item
            name="coin"
            label={t('margin.column.coin')}
            hidden={pool !== null}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  opsSetMarginPool.body.shape.coin.safeParse((v ?? '').trim()).success
                    ? pass()
                    : Promise.reject(new Error(t('margin.coinRule'))),
              },
            ]}
          >
            <Input autoComplete="off" maxLength={16} />
          </Form.Item>
          <Form.Item
            name="dailyRate"
            label={t('margin.column.dailyRate')}
            extra={
              <span data-testid="margin-hourly">
                {t('margin.hourlyResult')} <Pct rate={hourly} />
              </span>
            }
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  opsSetMarginPool.body.shape.dailyRate.safeParse(v ?? '').success
                    ? pass()
                    : Promise.reject(new Error(t('margin.rateRule'))),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="savingsShare"
            label={t('margin.column.savingsShare')}
            extra={t('margin.shareHelp', { max: ratePercent(maxShare) })}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  opsSetMarginPool.body.shape.savingsShare.safeParse(v ?? '').success &&
                  shareWithin(v ?? '', maxShare)
                    ? pass()
                    : Promise.reject(new Error(t('margin.shareRule', { max: maxShare }))),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </>
      }
      summary={(v) => (
        <>
          <Summary
            lines={[
              [t('margin.column.coin'), v.coin.trim().toUpperCase()],
              [
                t('margin.column.dailyRate'),
                <Change
                  key="daily"
                  from={
                    pool && pool.dailyRate !== v.dailyRate ? (
                      <Pct rate={pool.dailyRate} />
                    ) : undefined
                  }
                  to={<Pct rate={v.dailyRate} />}
                />,
              ],
              [
                t('margin.column.hourlyRate'),
                <Pct key="hourly" rate={hourlyOfDailyRate(v.dailyRate)} />,
              ],
              [
                t('margin.column.yearlyRate'),
                <Pct key="yearly" rate={yearlyOfDailyRate(v.dailyRate)} />,
              ],
              [
                t('margin.column.savingsShare'),
                <Change
                  key="share"
                  from={
                    pool && pool.savingsShare !== v.savingsShare
                      ? share(pool.savingsShare)
                      : undefined
                  }
                  to={share(v.savingsShare)}
                />,
              ],
            ]}
          />
          <p>{t('margin.poolConfirm')}</p>
        </>
      )}
    />
  );
}

/** Operator capital into a coin's pool, once per reference. */
export function FundDialog({ pool, onClose }: { pool: OpsMarginPool; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const { fund } = useMarginChanges();
  const [form] = Form.useForm<Omit<PoolFunding, 'coin'>>();
  return (
    <ReviewDialog<Omit<PoolFunding, 'coin'>>
      title={t('margin.fundTitle', { coin: pool.coin })}
      form={form}
      initialValues={{}}
      lead={t('margin.fundText')}
      sendText={t('margin.fund')}
      sending={fund}
      send={async (values) => {
        await fund.mutateAsync({ coin: pool.coin, ...values, reference: values.reference.trim() });
        notifier.notify('success', t('margin.funded'));
      }}
      onClose={onClose}
      fields={
        <>
          <Form.Item
            name="amount"
            label={`${t('margin.amount')} (${pool.coin})`}
            normalize={amount}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  POSITIVE.test(v ?? '')
                    ? pass()
                    : Promise.reject(new Error(t('margin.amountRule'))),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="reference"
            label={t('margin.reference')}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  opsFundMarginPool.body.shape.reference.safeParse(v ?? '').success
                    ? pass()
                    : Promise.reject(new Error(t('margin.referenceRule'))),
              },
            ]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </>
      }
      summary={(v) => (
        <Summary
          lines={[
            [t('margin.column.coin'), pool.coin],
            [t('margin.amount'), <Exact key="amount" value={v.amount} unit={pool.coin} />],
            [t('margin.reference'), v.reference.trim()],
            [
              t('margin.capitalAfter'),
              <Exact key="after" value={plusAmount(pool.capital, v.amount)} unit={pool.coin} />,
            ],
          ]}
        />
      )}
    />
  );
}

/** Opens a pair to isolated margin (`pair` null) or changes its maximum leverage (2 to 10). */
export function PairDialog({ pair, onClose }: { pair: MarginPair | null; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const { pair: save } = useMarginChanges();
  const [form] = Form.useForm<PairInput>();
  return (
    <ReviewDialog<PairInput>
      title={
        pair
          ? t('margin.pairTitle', { symbol: displayName(pair.symbol) })
          : t('margin.openPairTitle')
      }
      form={form}
      initialValues={pair ?? { symbol: '', maxLeverage: 5 }}
      lead={t('margin.pairText')}
      sendText={t('margin.save')}
      sending={save}
      send={async (values) => {
        await save.mutateAsync({ symbol: values.symbol.trim(), maxLeverage: values.maxLeverage });
        notifier.notify('success', t('margin.saved'));
      }}
      onClose={onClose}
      fields={
        <>
          <Form.Item
            name="symbol"
            label={t('margin.column.symbol')}
            hidden={pair !== null}
            normalize={(v: string) => v.toLowerCase()}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) =>
                  opsSetMarginPair.body.shape.symbol.safeParse((v ?? '').trim()).success
                    ? pass()
                    : Promise.reject(new Error(t('margin.symbolRule'))),
              },
            ]}
          >
            <Input autoComplete="off" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="maxLeverage"
            label={t('margin.column.maxLeverage')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 2,
                max: 10,
                message: t('margin.leverageRule'),
              },
            ]}
          >
            <InputNumber min={2} max={10} precision={0} suffix="x" />
          </Form.Item>
        </>
      }
      summary={(v) => (
        <Summary
          lines={[
            [t('margin.column.symbol'), v.symbol.trim()],
            [
              t('margin.column.maxLeverage'),
              <Change
                key="leverage"
                from={
                  pair && pair.maxLeverage !== v.maxLeverage ? `${pair.maxLeverage}x` : undefined
                }
                to={`${v.maxLeverage}x`}
              />,
            ],
          ]}
        />
      )}
    />
  );
}
