import { LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../shared/router/index.tsx';
import type { MenuLink } from '../../routes/menus.ts';
import { signOut } from '../../../features/identity/index.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { linkItems } from './nav-items.tsx';

/** A signed-in user's asset-management and avatar dropdowns (seed section 2). */
export function UserMenus({ assets, avatar }: { assets: MenuLink[]; avatar: MenuLink[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const { api } = usePlatform();
  // The signed-in user's own address, whole: masking is for what others may see
  // (see maskEmail in @meridian/core).
  const name = userInfo?.email ?? userInfo?.phone ?? userInfo?.account ?? '';
  return (
    <>
      {assets.length > 0 && (
        <Dropdown menu={{ items: linkItems(assets, t) }}>
          {/* On a phone the wallet icon alone keeps the header within the screen. */}
          <Button type="text" icon={<WalletOutlined />} aria-label={t('menu.assets')}>
            <span className="desktop-only">{t('menu.assets')}</span>
          </Button>
        </Dropdown>
      )}
      <Dropdown
        menu={{
          items: [
            ...linkItems(avatar, t),
            ...(avatar.length > 0 ? [{ type: 'divider' as const }] : []),
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: t('layout.logout'),
              onClick: () => {
                void signOut(api).then(() => navigate('/'));
              },
            },
          ],
        }}
      >
        {/* No aria-label: the visible name must stay part of the button's name (WCAG 2.5.3). */}
        <Button type="text">
          <Avatar size="small" src={userInfo?.avatar ?? undefined} icon={<UserOutlined />} />
          <span className="desktop-only">{name}</span>
          <span className="visually-hidden">{t('layout.account')}</span>
        </Button>
      </Dropdown>
    </>
  );
}
