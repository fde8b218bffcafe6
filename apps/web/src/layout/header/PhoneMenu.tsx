import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TopMenuItem } from '../../routes/menus.ts';
import { topMenuItems } from './nav-items.tsx';

/** On a phone the menu opens from the bottom edge, where a thumb reaches it. */
export function PhoneMenu({ items }: { items: TopMenuItem[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        className="phone-only"
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('layout.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Drawer
        placement="bottom"
        size="auto"
        open={open}
        onClose={close}
        title={t('layout.mainMenu')}
        className="phone-menu"
      >
        <nav aria-label={t('layout.mainMenu')}>
          <Menu
            mode="inline"
            items={topMenuItems(items, t, close)}
            selectedKeys={[pathname, pathname + search]}
          />
        </nav>
      </Drawer>
    </>
  );
}
