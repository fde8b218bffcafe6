import { Button, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '@meridian/contract/calls/site-settings';
import { LANGUAGES } from '@meridian/contract/languages';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useContentChanges } from './queries.ts';
import styles from './content-ops.module.css';

const FEATURES = ['banners', 'hotIssues', 'beginnerGuide', 'announcements'] as const;
const LINK = /^$|^\/[^/\\]|^https?:\/\/\S+$/;

interface Values {
  brand: string;
  logoUrl: string;
  supportLinks: string;
  defaultCurrency: string;
  defaultLanguage: SiteSettings['defaultLanguage'];
  features: Record<string, boolean>;
  images: string;
}

/** The site settings; every open page reads the change within a minute, with no rebuild. */
export function SettingsTab({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation('content');
  const { settings: save } = useContentChanges();
  const [form] = Form.useForm<Values>();
  const lines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  async function submit() {
    const v = await form.validateFields();
    const images = Object.fromEntries(
      lines(v.images ?? '').map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
    );
    Modal.confirm({
      title: t('ops.settingsConfirm'),
      okText: t('ops.confirm'),
      cancelText: t('ops.cancel'),
      onOk: async () => {
        try {
          await save.mutateAsync({
            brand: v.brand.trim(),
            logoUrl: v.logoUrl?.trim() ?? '',
            supportLinks: lines(v.supportLinks ?? ''),
            defaultCurrency: v.defaultCurrency.trim().toUpperCase(),
            defaultLanguage: v.defaultLanguage,
            features: { ...settings.features, ...v.features },
            images,
          });
          notifier.notify('success', t('ops.saved'));
        } catch {
          // Shown by the client in the server's words.
        }
      },
    });
  }
  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.settingsForm}
      initialValues={{
        ...settings,
        supportLinks: settings.supportLinks.join('\n'),
        images: Object.entries(settings.images)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n'),
        features: Object.fromEntries(FEATURES.map((f) => [f, settings.features[f] !== false])),
      }}
    >
      <Form.Item name="brand" label={t('ops.brand')} rules={[{ required: true, max: 60 }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="logoUrl"
        label={t('ops.logoUrl')}
        rules={[{ pattern: LINK, message: t('ops.linkRule') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="supportLinks"
        label={t('ops.supportLinks')}
        extra={t('ops.supportLinksHint')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              lines(value ?? '').every((l) => /^https?:\/\/\S+$/.test(l))
                ? Promise.resolve()
                : Promise.reject(new Error(t('ops.linkRule'))),
          },
        ]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        name="images"
        label={t('ops.images')}
        extra={t('ops.imagesHint')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              lines(value ?? '').every((l) =>
                /^[a-zA-Z0-9_.-]{1,40}=(\/[^/\\]|https?:\/\/)\S*$/.test(l),
              )
                ? Promise.resolve()
                : Promise.reject(new Error(t('ops.imagesRule'))),
          },
        ]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        name="defaultCurrency"
        label={t('ops.defaultCurrency')}
        rules={[{ pattern: /^([A-Za-z]{3})?$/, message: t('ops.currencyRule') }]}
        extra={t('ops.defaultCurrencyHint')}
      >
        <Input maxLength={3} autoComplete="off" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="defaultLanguage" label={t('ops.defaultLanguage')}>
        <Select
          style={{ width: 200 }}
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
        />
      </Form.Item>
      {FEATURES.map((f) => (
        <Form.Item
          key={f}
          name={['features', f]}
          label={t(`ops.features.${f}`)}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      ))}
      <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
        {t('ops.save')}
      </Button>
    </Form>
  );
}
