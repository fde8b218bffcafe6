import { DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CatalogueMarket } from '@meridian/contract/calls/catalogue';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { bpsPercent } from './bps.ts';
import { useCatalogueActions } from './queries.ts';

interface FeeForm {
  makerFeeBps: number;
  takerFeeBps: number;
  effectiveAt: Dayjs;
  reason?: string;
}

/**
 * Schedules a market's new maker and taker fees from a future time. The confirmation
 * names the market, the old and new rates and the time before anything is sent.
 */
export function FeeChangeModal({
  market,
  onClose,
}: {
  market: CatalogueMarket | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<FeeForm>();
  const [modal, modalHolder] = Modal.useModal();
  const { scheduleFee } = useCatalogueActions();
  async function submit() {
    if (!market) return;
    const v = await form.validateFields();
    void modal.confirm({
      title: t('catalogue.feeConfirmTitle'),
      content: t('catalogue.feeConfirm', {
        market: `${market.base}/${market.quote}`,
        maker: bpsPercent(v.makerFeeBps),
        taker: bpsPercent(v.takerFeeBps),
        oldMaker: bpsPercent(market.makerFeeBps),
        oldTaker: bpsPercent(market.takerFeeBps),
        time: v.effectiveAt.format('YYYY-MM-DD HH:mm'),
      }),
      okText: t('catalogue.scheduleFee'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await scheduleFee.mutateAsync({
          symbol: market.symbol,
          makerFeeBps: v.makerFeeBps,
          takerFeeBps: v.takerFeeBps,
          effectiveAt: v.effectiveAt.toISOString(),
          ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
        });
        notifier.notify('success', t('catalogue.feeScheduled'));
        onClose();
      },
    });
  }
  return (
    <Modal
      open={market !== null}
      title={market ? t('catalogue.feeTitle', { market: `${market.base}/${market.quote}` }) : ''}
      okText={t('catalogue.scheduleFee')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {modalHolder}
      {market && (
        <Form
          form={form}
          layout="vertical"
          name="ops-fee-change"
          requiredMark={false}
          initialValues={{
            makerFeeBps: market.makerFeeBps,
            takerFeeBps: market.takerFeeBps,
            effectiveAt: dayjs().add(1, 'day').startOf('hour'),
          }}
        >
          <Form.Item
            name="makerFeeBps"
            label={t('catalogue.makerBps')}
            rules={[{ required: true, message: t('catalogue.required') }]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="takerFeeBps"
            label={t('catalogue.takerBps')}
            extra={t('catalogue.bpsHint')}
            rules={[{ required: true, message: t('catalogue.required') }]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="effectiveAt"
            label={t('catalogue.effectiveAt')}
            rules={[
              { required: true, message: t('catalogue.required') },
              {
                validator: async (_, value?: Dayjs) => {
                  if (value && !value.isAfter(dayjs())) throw new Error(t('catalogue.futureOnly'));
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('common.reasonOptional')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
