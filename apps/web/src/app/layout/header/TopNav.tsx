import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../../shared/router/index.tsx';
import type { TopMenuItem } from '../../routes/menus.ts';
import { topMenuItems } from './nav-items.tsx';

/** The desktop top menu. */
export function TopNav({ items }: { items: TopMenuItem[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <nav className="top-nav" aria-label={t('layout.mainMenu')}>
      <Menu
        mode="horizontal"
        items={topMenuItems(items, t)}
        selectedKeys={[pathname, pathname + search]}
        disabledOverflow
      />
    </nav>
  );
}
