import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';

const loadDrawer = () => import('./PhoneMenuDrawer.tsx');
const PhoneMenuDrawer = lazy(loadDrawer);

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
      <Button
        className="phone-only"
        type="text"
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
