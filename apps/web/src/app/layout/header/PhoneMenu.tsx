import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';
import { PlainButton } from '../../../shared/ui/PlainButton.tsx';
import { withAntd } from '../../../shared/ui/antd/scope.tsx';

const loadDrawer = withAntd(async () => (await import('./PhoneMenuDrawer.tsx')).default);
const PhoneMenuDrawer = lazy(async () => ({ default: await loadDrawer() }));

/**
 * On a phone the menu opens from the bottom edge (PhoneMenuDrawer); its drawer loads when
 * the button is first touched or focused, not with every page.
 */
export function PhoneMenu({ items, guest }: { items: TopMenuItem[]; guest: MenuLink[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadDrawer();
  return (
    <>
      <PlainButton
        className="phone-only"
        kind="text"
        icon={<MenuOutlined />}
        aria-label={t('layout.openMenu')}
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
      {wanted && (
        <Suspense fallback={null}>
          <PhoneMenuDrawer open={open} onClose={() => setOpen(false)} items={items} guest={guest} />
        </Suspense>
      )}
    </>
  );
}
