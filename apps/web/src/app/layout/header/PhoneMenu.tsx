import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';
import { topMenuItems } from './nav-items.tsx';

/**
 * On a phone the menu opens from the bottom edge, where a thumb reaches it; a visitor
 * finds log in and sign up there, since the header has no room for them.
 */
export function PhoneMenu({ items, guest }: { items: TopMenuItem[]; guest: MenuLink[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
        {guest.length > 0 && (
          <div className="phone-guest">
            {guest.map((link, index) => (
              <Button
                key={link.key}
                block
                size="large"
                type={index === guest.length - 1 ? 'primary' : 'default'}
                onClick={() => {
                  close();
                  void navigate(link.to);
                }}
              >
                {t(link.label)}
              </Button>
            ))}
          </div>
        )}
      </Drawer>
    </>
  );
}
