import { DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketRow } from '@meridian/contract/calls/market';
import { PairName } from '../../../markets/index.ts';
import { lazyPart } from '../../../../shared/ui/lazy-part.tsx';
import { PlainButton } from '../../../../shared/ui/PlainButton.tsx';
import { withAntd } from '../../../../shared/ui/antd/scope.tsx';
import styles from './trade.module.css';
import ui from '../../../../shared/ui/market.module.css';

// The list, its search field and the popover (about 10 KB gzipped with their antd parts)
// are fetched when the switcher is first wanted: the pointer over its button, focus on it,
// or a press, which opens the list once they are here (with antd's theme scope).
const panel = lazyPart(
  withAntd(async () => (await import('./MarketSwitcherPanel.tsx')).MarketSwitcherPanel),
);

/**
 * The market switcher of the trade page: the current pair, opening a searchable list of
 * the spot markets (MarketSwitcherPanel).
 */
export function MarketSwitcher({
  name,
  symbol,
  rows,
  onSwitch,
}: {
  name: string;
  symbol: string;
  rows: MarketRow[];
  onSwitch: (symbol: string) => void;
}) {
  const { t } = useTranslation(['spot', 'markets']);
  const [open, setOpen] = useState(false);
  // Pressed once and the panel's module here: from then on the button is rendered inside
  // the popover. The swap waits for a press, after which the focus moves into the panel's
  // search field anyway; a pointer over the button or focus on it only fetches the module.
  const [ready, setReady] = useState(false);
  const press = () => {
    setOpen(true);
    void panel.load().then(
      () => setReady(true),
      () => setOpen(false),
    );
  };
  const trigger = (
    <PlainButton
      kind="text"
      className={styles.msTrigger}
      // The visible pair leads the name, so what is read out matches what is seen.
      aria-label={`${name}, ${t('trade.switcher.open')}`}
      aria-expanded={open}
      onPointerEnter={ready ? undefined : panel.preload}
      onFocus={ready ? undefined : panel.preload}
      onClick={ready ? undefined : press}
    >
      <PairName name={name} />
      <DownOutlined className={ui.muted} />
    </PlainButton>
  );
  if (!ready) return trigger;
  return (
    <panel.Part symbol={symbol} rows={rows} onSwitch={onSwitch} open={open} onOpenChange={setOpen}>
      {trigger}
    </panel.Part>
  );
}
