import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../shared/ui/Hint.tsx';
import { PlainButton } from '../../shared/ui/PlainButton.tsx';
import { withAntd } from '../../shared/ui/antd/scope.tsx';
import { useExchangeRates } from '../../features/markets/index.ts';

const loadPanel = withAntd(async () => (await import('./SettingsPanel.tsx')).default);
const SettingsPanel = lazy(async () => ({ default: await loadPanel() }));

/**
 * The header's settings button and drawer. The drawer's content loads when first wanted
 * (the pointer over the button, focus on it, or a press); the exchange rates are read
 * from the start, so the display currency's rate is current whether or not it opens.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  useExchangeRates();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const preload = () => void loadPanel();
  return (
    <>
      <Hint title={t('settings.title')}>
        <PlainButton
          kind="text"
          icon={<SettingOutlined />}
          aria-label={t('settings.title')}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setOpenedAt(new Date().toISOString());
            setOpen(true);
          }}
        />
      </Hint>
      {openedAt !== null && (
        <Suspense fallback={null}>
          <SettingsPanel open={open} openedAt={openedAt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
