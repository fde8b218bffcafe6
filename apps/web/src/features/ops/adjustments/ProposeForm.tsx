import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { checkDraft, fieldProblem, type AdjustmentDraft, type DraftField } from './draft.ts';
import { useAdjustmentActions } from './queries.ts';
import styles from './adjustments.module.css';

/**
 * Proposes a correction of a user's balance. The fields follow the contract's rules as
 * they are typed; sending asks first, in words, whether it credits or debits whom and by
 * exactly how much. A second operator approves it before anything is posted.
 */
export function ProposeForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<AdjustmentDraft>();
  const [modal, modalHolder] = Modal.useModal();
  const { propose } = useAdjustmentActions();

  const rule = (field: DraftField) => ({
    validator: async () => {
      const problem = fieldProblem({ ...EMPTY, ...form.getFieldsValue() }, field);
      if (problem) throw new Error(t(problem));
    },
  });

  function submit(values: AdjustmentDraft) {
    const checked = checkDraft({ ...EMPTY, ...values });
    if (!checked.ok) return;
    const { body, direction, magnitude } = checked;
    void modal.confirm({
      title: t(`adjustments.confirm.${direction}Title`),
      content: t(`adjustments.confirm.${direction}`, {
        amount: magnitude,
        asset: body.asset,
        user: body.userId,
      }),
      okText: t('adjustments.confirm.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: direction === 'debit' },
      onOk: async () => {
        await propose.mutateAsync(body);
        notifier.notify('success', t('adjustments.proposed'));
        form.resetFields();
        onDone?.();
      },
    });
  }

  return (
    <Form<AdjustmentDraft>
      form={form}
      name="ops-propose"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className={styles.form}
    >
      {modalHolder}
      <div className={styles.row}>
        <Form.Item name="userId" label={t('adjustments.userId')} rules={[rule('userId')]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="asset" label={t('adjustments.asset')} rules={[rule('asset')]}>
          <Input autoComplete="off" placeholder="USDT" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjustments.amount')}
          extra={t('adjustments.amountHint')}
          rules={[rule('amount')]}
        >
          <Input inputMode="decimal" autoComplete="off" className="num" />
        </Form.Item>
      </div>
      <Form.Item name="reason" label={t('adjustments.reason')} rules={[rule('reason')]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={propose.isPending}>
        {t('adjustments.propose')}
      </Button>
    </Form>
  );
}

const EMPTY: AdjustmentDraft = { userId: '', asset: '', amount: '', reason: '' };
