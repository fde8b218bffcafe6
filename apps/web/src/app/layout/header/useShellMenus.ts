import { menuLinks, topMenu, type MenuLink, type TopMenuItem } from '../../routes/menus.ts';
import { PAGES } from '../../routes/registry.ts';
import { useSession } from '../../../shared/session/store.ts';

export interface ShellMenus {
  top: TopMenuItem[];
  footer: MenuLink[];
  guest: MenuLink[];
  assets: MenuLink[];
  avatar: MenuLink[];
}

/** The menus of the shell, derived from the route registry for the current user. */
export function useShellMenus(): ShellMenus {
  const isLogin = useSession((s) => s.isLogin);
  return {
    top: topMenu(PAGES, isLogin),
    footer: menuLinks(PAGES, 'footer', isLogin),
    guest: menuLinks(PAGES, 'guest', isLogin),
    assets: menuLinks(PAGES, 'assets', isLogin),
    avatar: menuLinks(PAGES, 'avatar', isLogin),
  };
}
