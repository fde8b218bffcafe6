import type { Access, MenuPlacement, PageEntry } from './registry.ts';

export interface MenuLink {
  key: string;
  to: string;
  label: string;
}

export function canSee(access: Access, isLogin: boolean): boolean {
  return access === 'public' || (access === 'user') === isLogin;
}

/** The links of one menu, in registry order, for a visitor or a signed-in user. */
export function menuLinks(
  pages: readonly PageEntry[],
  placement: MenuPlacement,
  isLogin: boolean,
): MenuLink[] {
  return pages
    .filter((page) => canSee(page.access, isLogin))
    .flatMap((page) =>
      page.menus
        .filter((menu) => menu.placement === placement)
        .map((menu) => {
          const to = page.path + (menu.search ?? '');
          return { key: to, to, label: menu.label };
        }),
    );
}

export type TopMenuItem =
  | ({ kind: 'link' } & MenuLink)
  | { kind: 'group'; key: string; label: string; children: MenuLink[] };

/**
 * The top menu: its own links, with the trade dropdown in the place of the first page
 * that has a trade entry. The dropdown appears only once it has something in it.
 */
export function topMenu(pages: readonly PageEntry[], isLogin: boolean): TopMenuItem[] {
  const trade = menuLinks(pages, 'trade', isLogin);
  const items: TopMenuItem[] = [];
  let tradePlaced = false;
  for (const page of pages) {
    if (!canSee(page.access, isLogin)) continue;
    for (const menu of page.menus) {
      if (menu.placement === 'trade' && !tradePlaced) {
        items.push({ kind: 'group', key: 'trade', label: 'menu.trade', children: trade });
        tradePlaced = true;
      } else if (menu.placement === 'top') {
        const to = page.path + (menu.search ?? '');
        items.push({ kind: 'link', key: to, to, label: menu.label });
      }
    }
  }
  return items;
}

/** Where a page may not be opened by this user, the page to send them to instead. */
export function accessRedirect(access: Access, isLogin: boolean): string | null {
  if (canSee(access, isLogin)) return null;
  return isLogin ? '/home/index' : '/user/login';
}
