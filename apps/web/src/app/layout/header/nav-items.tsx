import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';

type Items = NonNullable<MenuProps['items']>;

export function linkItems(links: MenuLink[], t: TFunction, onNavigate?: () => void): Items {
  return links.map((link) => ({
    key: link.key,
    label: (
      <Link to={link.to} onClick={onNavigate}>
        {t(link.label)}
      </Link>
    ),
  }));
}

/** antd menu items for the top menu; the trade group becomes a dropdown. */
export function topMenuItems(items: TopMenuItem[], t: TFunction, onNavigate?: () => void): Items {
  return items.map((item) =>
    item.kind === 'link'
      ? linkItems([item], t, onNavigate)[0]!
      : { key: item.key, label: t(item.label), children: linkItems(item.children, t, onNavigate) },
  );
}
