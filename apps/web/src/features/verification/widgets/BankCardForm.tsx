import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  saveBankCard,
  type BankCard,
  type BankCardInput,
} from '@meridian/contract/calls/verification';
import { cardNumberProblem, normalizeCardNumber } from '@meridian/core';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useBusy } from '../data/useBusy.ts';
import { useBankCard, useRefreshVerification } from '../data/useVerification.ts';
import { QueryGate } from './QueryGate.tsx';
import styles from './verification.module.css';

type Values = Required<Pick<BankCardInput, 'cardNumber' | 'bankName'>> &
  Omit<BankCardInput, 'cardNumber' | 'bankName'>;

/** A bound card, read-only: the number masked, as everywhere. */
export function BoundCard({ card }: { card: BankCard }) {
  const { t } = useTranslation('verification');
  const formatTime = useFormatTime();
  const dash = (value: string | null) => value ?? '—';
  return (
    <>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label={t('bank.cardNumber')}>
          <span className="num">{card.cardNumber}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('bank.bankName')}>{card.bankName}</Descriptions.Item>
        <Descriptions.Item label={t('bank.bankAddress')}>
          {dash(card.bankAddress)}
        </Descriptions.Item>
        <Descriptions.Item label={t('bank.bankCode')}>{dash(card.bankCode)}</Descriptions.Item>
        <Descriptions.Item label={t('bank.branch')}>{dash(card.branch)}</Descriptions.Item>
        <Descriptions.Item label={t('bank.homeAddress')}>
          {dash(card.homeAddress)}
        </Descriptions.Item>
        <Descriptions.Item label={t('bank.boundAt')}>
          {formatTime(card.createTime)}
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon icon={<LockOutlined />} title={t('bank.locked')} />
    </>
  );
}

function BindForm() {
  const { t } = useTranslation('verification');
  const { api } = usePlatform();
  const refresh = useRefreshVerification();
  const [form] = Form.useForm<Values>();
  const [modal, modalHolder] = Modal.useModal();
  const { busy, run } = useBusy(async (values: Values) => {
    await api(saveBankCard, { body: values });
    notifier.notify('success', t('success.bankBound'));
    await refresh();
  });
  // The card cannot be changed once bound (seed section 6): say so once more before saving.
  const confirm = (values: Values) => {
    const last4 = normalizeCardNumber(values.cardNumber).slice(-4);
    void modal.confirm({
      title: t('bank.confirmTitle'),
      content: t('bank.confirmText', { last4, bank: values.bankName.trim() }),
      okText: t('bank.submit'),
      onOk: () => run(values),
    });
  };
  const optional = (name: keyof Values, max: number, autoComplete = 'off') => (
    <Form.Item
      name={name}
      label={`${t(`bank.${name}`)} ${t('bank.optional')}`}
      rules={[{ max, message: t('bank.tooLong') }]}
    >
      <Input maxLength={max} autoComplete={autoComplete} />
    </Form.Item>
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      onFinish={confirm}
    >
      {modalHolder}
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bank.warning')} />
      <Form.Item
        name="cardNumber"
        label={t('bank.cardNumber')}
        rules={[
          { required: true, whitespace: true, message: t('bank.cardNumberRequired') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value?.trim()) return;
              if (cardNumberProblem(normalizeCardNumber(value))) {
                throw new Error(t('bank.cardNumberInvalid'));
              }
            },
          },
        ]}
      >
        <Input inputMode="text" autoComplete="off" maxLength={40} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="bankName"
        label={t('bank.bankName')}
        rules={[
          {
            required: true,
            whitespace: true,
            min: 2,
            max: 100,
            message: t('bank.bankNameRequired'),
          },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      {optional('bankAddress', 200)}
      <Form.Item
        name="bankCode"
        label={`${t('bank.bankCode')} ${t('bank.optional')}`}
        rules={[{ pattern: /^[A-Za-z0-9 -]{0,20}$/, message: t('bank.bankCodeInvalid') }]}
      >
        <Input maxLength={20} spellCheck={false} />
      </Form.Item>
      {optional('branch', 100)}
      {optional('homeAddress', 200, 'street-address')}
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('bank.submit')}
      </Button>
    </Form>
  );
}

/** Seed `/user/index?key=bank`: bind the card once; afterwards it is shown, masked. */
export function BankCardPanel() {
  const { t } = useTranslation('verification');
  const card = useBankCard();
  return (
    <Card title={t('bank.title')}>
      <QueryGate query={card} failed={t('load.bankFailed')}>
        {(data) => (data ? <BoundCard card={data} /> : <BindForm />)}
      </QueryGate>
    </Card>
  );
}

export default BankCardPanel;
