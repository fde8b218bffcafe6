import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Segmented, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Theme, TimeFormat } from '../../shared/settings/store.ts';
import { Fiat } from '../../shared/ui/numbers.tsx';
import { useSettingsPanel } from './useSettingsPanel.ts';

/** The header's settings: language, theme, currency, timezone and date format. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const panel = useSettingsPanel();
  return (
    <>
      <Tooltip title={t('settings.title')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('settings.title')}
          onClick={panel.show}
        />
      </Tooltip>
      <Drawer
        title={t('settings.title')}
        open={panel.open}
        onClose={panel.hide}
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
    </>
  );
}
