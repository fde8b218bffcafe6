import type { ComponentType } from 'react';

/** Where a page shows up in the menus of seed section 2. */
export type MenuPlacement =
  | 'top' // the top menu
  | 'trade' // the top menu's trade dropdown
  | 'footer' // the footer links
  | 'assets' // the asset-management dropdown (signed in)
  | 'avatar' // the avatar dropdown (signed in)
  | 'guest'; // the header buttons of a visitor (login, register)

/** Who may open a page: anyone, only visitors (login, register), or signed-in users. */
export type Access = 'public' | 'guest' | 'user';

export interface MenuEntry {
  placement: MenuPlacement;
  /** i18n key of the label (namespace `common`). */
  label: string;
  /** Query that opens the page in a given state, e.g. `?type=spot`. */
  search?: string;
}

export interface PageEntry {
  path: string;
  /** The page module, loaded when the route is first visited. */
  load: () => Promise<ComponentType>;
  /** The translation namespaces the page renders besides `common`, loaded with it. */
  namespaces?: readonly string[];
  access: Access;
  menus: MenuEntry[];
  /**
   * The page draws with the app's own components, not antd's, so its first visit loads
   * none of antd's theme engine; a part of it that does draw antd's mounts `AntdScope`
   * (shared/ui/antd/scope.tsx). Other pages render inside antd's scope, loaded with them.
   */
  withoutAntd?: boolean;
}
