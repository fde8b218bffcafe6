import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { opsAddMarket, type CatalogueCoin } from '@meridian/contract/calls/catalogue';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useCatalogueActions, type AddCoinBody, type AddMarketBody } from './queries.ts';

/** An amount as the contract takes it (a positive decimal), checked as it is typed. */
const decimalRule = (message: string) => ({
  validator: async (_: unknown, value?: string) => {
    if (!value || !opsAddMarket.body.shape.tickSize.safeParse(value).success)
      throw new Error(message);
  },
});

/** Lists a coin after a confirmation that names it. */
export function AddCoinModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<AddCoinBody>();
  const [modal, modalHolder] = Modal.useModal();
  const { addCoin } = useCatalogueActions();
  async function submit() {
    const v = await form.validateFields();
    const body = { ...v, code: v.code.trim().toUpperCase(), icon: v.icon?.trim() || null };
    void modal.confirm({
      title: t('catalogue.addCoinTitle'),
      content: t('catalogue.addCoinConfirm', { code: body.code, name: body.name }),
      okText: t('catalogue.addCoin'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await addCoin.mutateAsync(body);
        notifier.notify('success', t('catalogue.coinAdded'));
        form.resetFields();
        onClose();
      },
    });
  }
  return (
    <Modal
      open={open}
      title={t('catalogue.addCoinTitle')}
      okText={t('catalogue.addCoin')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {modalHolder}
      <Form
        form={form}
        layout="vertical"
        name="ops-add-coin"
        requiredMark={false}
        initialValues={{ decimals: 8, depositEnabled: true, withdrawEnabled: true }}
      >
        <Form.Item
          name="code"
          label={t('catalogue.code')}
          rules={[{ required: true, whitespace: true, max: 10, message: t('catalogue.codeRule') }]}
        >
          <Input autoComplete="off" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('catalogue.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('catalogue.required') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="decimals"
          label={t('catalogue.decimals')}
          rules={[{ required: true, message: t('catalogue.required') }]}
        >
          <InputNumber precision={0} min={0} max={18} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="icon" label={t('catalogue.icon')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="depositEnabled" label={t('catalogue.deposits')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="withdrawEnabled"
          label={t('catalogue.withdrawals')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type MarketForm = Omit<AddMarketBody, 'lists'> & { spot: boolean; second: boolean };

/** Lists a market between two listed coins, after a confirmation that names it. */
export function AddMarketModal({
  open,
  coins,
  onClose,
}: {
  open: boolean;
  coins: CatalogueCoin[];
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<MarketForm>();
  const [modal, modalHolder] = Modal.useModal();
  const { addMarket } = useCatalogueActions();
  const coinOptions = coins.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
  const integer = (name: keyof MarketForm, label: string, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[{ required: true, message: t('catalogue.required') }]}
    >
      <InputNumber precision={0} min={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  const decimal = (name: keyof MarketForm, label: string) => (
    <Form.Item name={name} label={label} rules={[decimalRule(t('catalogue.decimalRule'))]}>
      <Input inputMode="decimal" autoComplete="off" className="num" />
    </Form.Item>
  );
  async function submit() {
    const { spot, second, ...v } = await form.validateFields();
    const body: AddMarketBody = { ...v, lists: { spot, second } };
    void modal.confirm({
      title: t('catalogue.addMarketTitle'),
      content: t(
        body.state === 'paused' ? 'catalogue.addMarketConfirmPaused' : 'catalogue.addMarketConfirm',
        { market: `${body.base}/${body.quote}` },
      ),
      okText: t('catalogue.addMarket'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await addMarket.mutateAsync(body);
        notifier.notify('success', t('catalogue.marketAdded'));
        form.resetFields();
        onClose();
      },
    });
  }
  return (
    <Modal
      open={open}
      title={t('catalogue.addMarketTitle')}
      okText={t('catalogue.addMarket')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      {modalHolder}
      <Form
        form={form}
        layout="vertical"
        name="ops-add-market"
        requiredMark={false}
        initialValues={{
          quote: 'USDT',
          makerFeeBps: 10,
          takerFeeBps: 10,
          bandBps: 1000,
          volatilityPpm: 500,
          spot: true,
          second: false,
          state: 'trading',
        }}
      >
        <div className="ops-grid-2">
          <Form.Item
            name="base"
            label={t('catalogue.base')}
            rules={[{ required: true, message: t('catalogue.required') }]}
          >
            <Select options={coinOptions} showSearch />
          </Form.Item>
          <Form.Item
            name="quote"
            label={t('catalogue.quote')}
            rules={[{ required: true, message: t('catalogue.required') }]}
          >
            <Select options={coinOptions} showSearch />
          </Form.Item>
          {decimal('tickSize', t('catalogue.tickSize'))}
          {decimal('lotSize', t('catalogue.lotSize'))}
          {decimal('minNotional', t('catalogue.minNotional'))}
          {decimal('referencePrice', t('catalogue.referencePrice'))}
          {integer('priceDecimals', t('catalogue.priceDecimals'))}
          {integer('quantityDecimals', t('catalogue.quantityDecimals'))}
          {integer('makerFeeBps', t('catalogue.makerBps'))}
          {integer('takerFeeBps', t('catalogue.takerBps'))}
          {integer('bandBps', t('catalogue.bandBps'))}
          {integer('volatilityPpm', t('catalogue.volatilityPpm'))}
          <Form.Item name="spot" label={t('catalogue.list.spot')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="second" label={t('catalogue.list.second')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="state" label={t('catalogue.startAs')}>
            <Select
              options={(['trading', 'paused'] as const).map((s) => ({
                value: s,
                label: t(`catalogue.states.${s}`),
              }))}
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
