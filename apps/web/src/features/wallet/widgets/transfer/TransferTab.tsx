import { SwapOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletType } from '@meridian/contract/calls/wallet';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import { Amount } from '../../../../shared/ui/numbers.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { WALLET_NAMES, WALLET_TYPES } from '../../model/overview.ts';
import { useWalletAccount } from '../../model/queries.ts';
import styles from '../wallet.module.css';
import { useTransferForm } from './useTransferForm.ts';

/** What both wallets hold now and will hold after the transfer. */
function After({ form }: { form: ReturnType<typeof useTransferForm> }) {
  const { t } = useTranslation('wallet');
  if (!form.after) return null;
  const name = (type: WalletType) => t(`wallets.${WALLET_NAMES[type]}`);
  return (
    <dl className={styles.after} data-testid="transfer-after">
      <dt>{t('transfer.afterIn', { wallet: name(form.from) })}</dt>
      <dd>
        <Amount value={form.after.from} unit={form.coin} />
      </dd>
      <dt>{t('transfer.afterIn', { wallet: name(form.to) })}</dt>
      <dd>
        <Amount value={form.after.to} unit={form.coin} />
      </dd>
    </dl>
  );
}

/**
 * `/assets/index?key=transfer`: move a coin between the spot, contract and finance
 * wallets. The form says what is wrong before anything is sent, and a confirmation shows
 * the transfer and what both wallets will hold before any money moves.
 */
export function TransferTab() {
  const { t } = useTranslation('wallet');
  const form = useTransferForm();
  const wallets = useWalletAccount();
  const walletOptions = WALLET_TYPES.map((value) => ({
    value,
    label: t(`wallets.${WALLET_NAMES[value]}`),
  }));

  if (wallets.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (wallets.isError || form.account.isError) {
    return (
      <LoadFailed
        title={t('loadFailed')}
        onRetry={() => {
          void wallets.refetch();
          void form.account.refetch();
        }}
        retrying={wallets.isFetching || form.account.isFetching}
      />
    );
  }
  const coins = wallets.data.wallets[0]?.coins.map((c) => c.coin) ?? [];
  const problem = form.problem;

  return (
    <div className={styles.stack}>
      <Panel title={t('transfer.title')}>
        <Form layout="vertical" className={styles.form} onFinish={form.review} requiredMark={false}>
          <div className={styles.wallets}>
            <Form.Item label={t('transfer.from')} htmlFor="transfer-from">
              <Select
                id="transfer-from"
                value={form.from}
                options={walletOptions}
                onChange={form.setFrom}
              />
            </Form.Item>
            <Button
              className={styles.swap}
              icon={<SwapOutlined />}
              aria-label={t('transfer.swap')}
              onClick={form.swap}
            />
            <Form.Item label={t('transfer.to')} htmlFor="transfer-to">
              <Select
                id="transfer-to"
                value={form.to}
                options={walletOptions}
                onChange={form.setTo}
              />
            </Form.Item>
          </div>
          <Form.Item label={t('col.coin')} htmlFor="transfer-coin">
            <Select
              id="transfer-coin"
              showSearch
              value={form.coin}
              options={coins.map((c) => ({ value: c, label: c }))}
              onChange={form.setCoin}
            />
          </Form.Item>
          <Form.Item
            label={t('transfer.amount')}
            htmlFor="transfer-amount"
            validateStatus={problem ? 'error' : undefined}
            help={
              problem ? t(`transfer.problem.${problem}`, { decimals: form.decimals }) : undefined
            }
            extra={
              form.account.isPending ? undefined : (
                <span>
                  {t('transfer.available')} <Amount value={form.available} unit={form.coin} />
                </span>
              )
            }
          >
            <Input
              id="transfer-amount"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              placeholder={t('transfer.amountPlaceholder')}
              onChange={(e) => form.setAmount(e.target.value)}
              suffix={
                <Button type="link" size="small" onClick={form.max}>
                  {t('transfer.max')}
                </Button>
              }
            />
          </Form.Item>
          <After form={form} />
          <Form.Item style={{ marginTop: 16, marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block disabled={form.account.isPending}>
              {t('transfer.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Panel>
      <Modal
        open={form.confirming}
        title={t('transfer.confirmTitle')}
        okText={t('transfer.confirm')}
        cancelText={t('transfer.cancel')}
        onOk={form.confirm}
        onCancel={form.cancel}
        confirmLoading={form.submitting}
        destroyOnHidden
      >
        <p>
          {t('transfer.confirmText', {
            amount: form.amount.replace(/\.$/, ''),
            coin: form.coin,
            from: t(`wallets.${WALLET_NAMES[form.from]}`),
            to: t(`wallets.${WALLET_NAMES[form.to]}`),
          })}
        </p>
        <After form={form} />
      </Modal>
    </div>
  );
}
