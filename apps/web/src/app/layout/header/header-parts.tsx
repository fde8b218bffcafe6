import type { MenuLink, TopMenuItem } from '../../routes/menus.ts';
import { isPhoneScreen, useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { lazyPart } from '../../../shared/ui/lazy-part.tsx';
import { withAntd } from '../../../shared/ui/antd/scope.tsx';

// The header's parts that bring antd's Menu, Dropdown or Select, each in a chunk of its
// own, with antd's theme scope (shared/ui/antd). A phone hides the top menu and the language select (its menu is the phone menu's
// drawer, the language is in the settings), so it never loads them; a visitor has no
// account menus. What the screen will show is fetched as the app starts (preloadHeader).

const topNav = lazyPart(withAntd(async () => (await import('./TopNav.tsx')).TopNav));
const languageSelect = lazyPart(
  withAntd(async () => (await import('../../../shared/ui/LanguageSelect.tsx')).LanguageSelect),
);
const userMenus = lazyPart(withAntd(async () => (await import('./UserMenus.tsx')).UserMenus));

/** Starts loading the parts of the header this screen and this visitor will show. */
export function preloadHeader({ signedIn }: { signedIn: boolean }): void {
  if (!isPhoneScreen()) {
    topNav.preload();
    languageSelect.preload();
  }
  if (signedIn) userMenus.preload();
}

/** The desktop top menu (hidden on a phone). */
export function HeaderTopNav({ items }: { items: TopMenuItem[] }) {
  return useIsPhone() ? null : <topNav.Part items={items} />;
}

/** The language select (hidden on a phone). */
export function HeaderLanguageSelect() {
  return useIsPhone() ? null : <languageSelect.Part />;
}

/** A signed-in user's asset-management and avatar dropdowns. */
export function HeaderUserMenus(props: { assets: MenuLink[]; avatar: MenuLink[] }) {
  return <userMenus.Part {...props} />;
}
