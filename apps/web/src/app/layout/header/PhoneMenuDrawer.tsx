import { Button, Drawer, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../../shared/router/index.tsx';
import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';
import { topMenuItems } from './nav-items.tsx';

/**
 * The phone menu's drawer: from the bottom edge, where a thumb reaches it; a visitor finds
 * log in and sign up there, since the header has no room for them. Its own chunk, loaded
 * when the menu button is first touched.
 */
export default function PhoneMenuDrawer({
  open,
  onClose,
  items,
  guest,
}: {
  open: boolean;
  onClose: () => void;
  items: TopMenuItem[];
  guest: MenuLink[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Drawer
      placement="bottom"
      size="auto"
      open={open}
      onClose={onClose}
      title={t('layout.mainMenu')}
      className="phone-menu"
    >
      <nav aria-label={t('layout.mainMenu')}>
        <Menu
          mode="inline"
          items={topMenuItems(items, t, onClose)}
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
                onClose();
                navigate(link.to);
              }}
            >
              {t(link.label)}
            </Button>
          ))}
        </div>
      )}
    </Drawer>
  );
}
