import { CameraOutlined, CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Input, Modal, Result, Select } from 'antd';
import { useId, useRef } from 'react';
import { localizeDigits } from '@meridian/core';
import { useTranslation } from 'react-i18next';
import type { RechargeBank } from '@meridian/contract/calls/recharges';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Exact, useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { useBankRechargeLog } from '../data/useBankRecharges.ts';
import { BankStatusTag } from './StatusTag.tsx';
import { useBankRechargeForm, type BankRechargeForm } from './useBankRechargeForm.ts';
import { RecentRecharges } from './RecentRecharges.tsx';
import styles from './deposits.module.css';

/** Image types a screenshot may be; the server judges the file by its bytes all the same. */
const SCREENSHOT_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Recharge by bank transfer: the coin, the account to pay into (each detail copyable) with
 * the reference for the memo, the amount, the payment screenshot, a confirmation, then the
 * order with its number and state; beside it, the user's bank recharges.
 */
export function BankRechargePanel({ banks }: { banks: readonly RechargeBank[] }) {
  const form = useBankRechargeForm(banks);
  return (
    <div className={styles.panel}>
      <div className={styles.column}>
        {form.order ? <Submitted form={form} /> : <RechargeForm form={form} banks={banks} />}
      </div>
      <div className={styles.column}>
        <MyBankRecharges />
      </div>
    </div>
  );
}

function RechargeForm({ form, banks }: { form: BankRechargeForm; banks: readonly RechargeBank[] }) {
  const { t } = useTranslation('deposits');
  const locale = useNumberLocale();
  const bound = (value: string | null) => (value ? localizeDigits(value, locale) : t('none'));
  const bank = form.bank;
  const reference = useSession((s) => s.userInfo?.id);
  const titleId = useId();
  if (!bank) return null;
  const problemText = form.problem
    ? t(`bank.problem.${form.problem}`, {
        min: bank.minAmount,
        max: bank.maxAmount,
        coin: bank.coin,
        decimals: bank.decimals,
      })
    : null;
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('bank.coinType')}</span>
        <Select
          aria-label={t('bank.coinType')}
          value={bank.coin}
          onChange={form.setCoin}
          options={banks.map((b) => ({ value: b.coin, label: b.coin }))}
        />
      </label>
      <section className={styles.bankCard} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.bankTitle}>
          {t('bank.payTo')}
        </h3>
        <dl className={styles.bankDetails}>
          {[
            ...(
              [
                ['bankName', bank.bankName],
                ['accountName', bank.accountName],
                ['accountNumber', bank.accountNumber],
                ['swift', bank.swift],
              ] as const
            ).map(([key, value]) => ({ key, label: t(`bank.${key}`), value })),
            ...(reference ? [{ key: 'memo', label: t('bank.memo'), value: reference }] : []),
          ].map(({ key, label, value }) => (
            <div key={key} className={styles.bankRow}>
              <dt className={styles.label}>{label}</dt>
              <dd>
                <span className={styles.mono} data-testid={`bank-${key}`}>
                  {value}
                </span>
                <CopyButton value={value} label={t('bank.copy', { what: label })} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {bank.note && <Alert type="info" showIcon title={bank.note} />}
      <label className={styles.field}>
        <span className={styles.label}>{t('bank.quantity')}</span>
        <Input
          inputMode="decimal"
          value={form.amount}
          aria-label={t('bank.quantity')}
          aria-invalid={problemText !== null}
          placeholder={t('bank.quantityPlaceholder')}
          suffix={bank.coin}
          status={problemText ? 'error' : undefined}
          onChange={(e) => form.setAmount(e.target.value)}
        />
        <span
          className={problemText ? styles.error : styles.label}
          role={problemText ? 'alert' : undefined}
        >
          {problemText ??
            t('bank.bounds', {
              min: bound(bank.minAmount),
              max: bound(bank.maxAmount),
              coin: bank.coin,
            })}
        </span>
      </label>
      <ScreenshotPicker form={form} />
      <Button type="primary" block size="large" onClick={form.review}>
        {t('bank.submit')}
      </Button>
      <Modal
        open={form.confirming}
        title={t('bank.confirmTitle')}
        okText={t('bank.confirm')}
        cancelText={t('bank.cancel')}
        onOk={form.confirm}
        onCancel={form.cancel}
        confirmLoading={form.submitting}
        destroyOnHidden
      >
        <p>
          {t('bank.confirmText', {
            amount: form.amount.replace(/\.$/, ''),
            coin: bank.coin,
            bank: bank.bankName,
            account: bank.accountNumber,
          })}
        </p>
      </Modal>
    </>
  );
}

function ScreenshotPicker({ form }: { form: BankRechargeForm }) {
  const { t } = useTranslation('deposits');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { screenshot } = form;
  const failed = screenshot.status === 'failed';
  const missing = form.screenshotMissing && screenshot.status === 'empty';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('bank.screenshot')}
      </label>
      <div className={styles.screenshot}>
        {screenshot.status === 'empty' ? (
          <CameraOutlined aria-hidden className={styles.screenshotIcon} />
        ) : (
          <img src={screenshot.preview} alt={t('bank.screenshot')} />
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={SCREENSHOT_ACCEPT}
        className={styles.fileInput}
        data-testid="payment-screenshot"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after a failure.
          event.target.value = '';
          if (file) form.chooseScreenshot(file);
        }}
      />
      <Button
        block
        icon={<CameraOutlined />}
        disabled={screenshot.status === 'uploading'}
        onClick={() => input.current?.click()}
      >
        {screenshot.status === 'empty' ? t('bank.choose') : t('bank.replace')}
      </Button>
      <span
        className={failed || missing ? styles.error : styles.label}
        role={failed || missing ? 'alert' : 'status'}
      >
        {screenshot.status === 'uploading' && (
          <>
            <LoadingOutlined /> {t('bank.uploading')}
          </>
        )}
        {screenshot.status === 'done' && (
          <>
            <CheckCircleFilled className={styles.ok} /> {t('bank.uploaded')}
          </>
        )}
        {failed && `${t('bank.uploadFailed')}${screenshot.error ? `: ${screenshot.error}` : ''}`}
        {missing && t('bank.screenshotRequired')}
        {screenshot.status === 'empty' && !missing && t('bank.screenshotHint')}
      </span>
    </div>
  );
}

function Submitted({ form }: { form: BankRechargeForm }) {
  const { t } = useTranslation('deposits');
  const formatTime = useFormatTime();
  const order = form.order!;
  return (
    <Result
      status="success"
      title={t('bank.submittedTitle')}
      subTitle={t('bank.submittedText')}
      extra={
        <Button type="primary" onClick={form.another}>
          {t('bank.another')}
        </Button>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('col.order')}>
          <span className={styles.mono} data-testid="recharge-order-no">
            {order.orderNo}
          </span>
          <CopyButton value={order.orderNo} />
        </Descriptions.Item>
        <Descriptions.Item label={t('col.amount')}>
          <Exact value={order.amount} unit={order.coin} />
        </Descriptions.Item>
        <Descriptions.Item label={t('col.time')}>{formatTime(order.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('col.status')}>
          <BankStatusTag status={order.status} />
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}

function MyBankRecharges() {
  const { t } = useTranslation('deposits');
  const formatTime = useFormatTime();
  const log = useBankRechargeLog(1, 5);
  return (
    <RecentRecharges
      label={t('bank.mine')}
      empty={t('bank.none')}
      log={log}
      testId="bank-recharges"
      row={(record) =>
        record.way === 'bank' ? (
          <li key={record.id} className={styles.recentRow}>
            <span>
              <Exact value={record.amount} unit={record.coin} />
              <br />
              <span className={styles.label}>
                {record.orderNo} · {formatTime(record.createTime)}
              </span>
              {record.reason && (
                <>
                  <br />
                  <span className={styles.error}>
                    {t('bank.reason', { reason: record.reason })}
                  </span>
                </>
              )}
            </span>
            <BankStatusTag status={record.status} />
          </li>
        ) : null
      }
    />
  );
}
