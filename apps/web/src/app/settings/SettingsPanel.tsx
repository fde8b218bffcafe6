import { Drawer, Form, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Theme, TimeFormat } from '../../shared/settings/store.ts';
import { Fiat } from '../../shared/ui/numbers.tsx';
import { useSettingsPanel } from './useSettingsPanel.ts';

/**
 * The settings drawer's content: language, theme, currency, timezone and date format. Its
 * own chunk (a form, a segmented control and four selects), loaded the first time the
 * header's settings button is pointed at or pressed, not with every page.
 */
export default function SettingsPanel({
  open,
  openedAt,
  onClose,
}: {
  open: boolean;
  /** When the drawer last opened: the moment the date preview shows. */
  openedAt: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const panel = useSettingsPanel(openedAt);
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={340}
      className="settings-drawer"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('settings.language')} htmlFor="settings-language">
          <Select
            id="settings-language"
            value={panel.language}
            options={panel.languages}
            onChange={panel.setLanguage}
            virtual={false}
          />
        </Form.Item>
        <Form.Item label={t('settings.theme')}>
          <Segmented<Theme>
            block
            value={panel.theme}
            onChange={panel.setTheme}
            options={[
              { value: 'daytime', label: t('settings.daytime') },
              { value: 'night', label: t('settings.night') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('settings.currency')}
          htmlFor="settings-currency"
          extra={
            panel.ratesPublished ? (
              <span data-testid="settings-rate">
                {t('settings.rate')} <span className="num">1 USDT =</span>{' '}
                <Fiat value={panel.rate} currency={{ code: panel.currency }} show="code" />
              </span>
            ) : (
              t('settings.currencyOnly')
            )
          }
        >
          <Select
            id="settings-currency"
            value={panel.currency}
            options={panel.currencies}
            onChange={panel.setCurrency}
            disabled={!panel.ratesPublished}
          />
        </Form.Item>
        <Form.Item label={t('settings.timezone')} htmlFor="settings-timezone">
          <Select
            id="settings-timezone"
            showSearch
            value={panel.timezone}
            options={panel.timezones}
            onChange={panel.setTimezone}
          />
        </Form.Item>
        <Form.Item
          label={t('settings.timeFormat')}
          htmlFor="settings-time-format"
          extra={
            <span>
              {t('settings.preview')} <span className="num">{panel.preview}</span>
            </span>
          }
        >
          <Select<TimeFormat>
            id="settings-time-format"
            value={panel.timeFormat}
            options={panel.timeFormats}
            onChange={panel.setTimeFormat}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
