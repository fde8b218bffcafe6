import { describe, expect, it } from 'vitest';
import { accessRedirect, menuLinks, topMenu } from './menus.ts';
import { PAGES, type PageEntry } from './registry.ts';
import { ASSETS_TABS } from '../../features/wallet/testing.ts';

const page = (path: string, access: PageEntry['access'], menus: PageEntry['menus']) => ({
  path,
  access,
  menus,
  load: async () => () => null,
});

// A registry as it will look once later pages exist.
const LATER: PageEntry[] = [
  page('/home/index', 'public', [{ placement: 'top', label: 'menu.home' }]),
  page('/quotes/index', 'public', [
    { placement: 'top', label: 'menu.market' },
    { placement: 'footer', label: 'menu.market' },
  ]),
  page('/trade/index', 'public', [
    { placement: 'trade', label: 'menu.second', search: '?type=sec' },
    { placement: 'trade', label: 'menu.spot', search: '?type=spot' },
  ]),
  page('/rule/index', 'public', [{ placement: 'top', label: 'menu.rules' }]),
  page('/user/login', 'guest', [{ placement: 'guest', label: 'menu.login' }]),
  page('/assets/index', 'user', [{ placement: 'assets', label: 'menu.myAssets' }]),
];

describe('menus from the route registry', () => {
  it('shows only pages that exist today', () => {
    expect(topMenu(PAGES, false)).toEqual([
      { kind: 'link', key: '/home/index', to: '/home/index', label: 'menu.home' },
      { kind: 'link', key: '/quotes/index', to: '/quotes/index', label: 'menu.market' },
      {
        kind: 'group',
        key: 'trade',
        label: 'menu.trade',
        children: [
          {
            key: '/trade/index?type=usta',
            to: '/trade/index?type=usta',
            label: 'menu.uContract',
          },
          {
            key: '/trade/index?type=coin',
            to: '/trade/index?type=coin',
            label: 'menu.coinContract',
          },
          {
            key: '/trade/index?type=sec',
            to: '/trade/index?type=sec',
            label: 'menu.secondContract',
          },
          { key: '/trade/index?type=spot', to: '/trade/index?type=spot', label: 'menu.spot' },
        ],
      },
      { kind: 'link', key: '/rule/index', to: '/rule/index', label: 'menu.rules' },
      { kind: 'link', key: '/pledge/index', to: '/pledge/index', label: 'menu.staking' },
      {
        kind: 'link',
        key: '/finance/investment',
        to: '/finance/investment',
        label: 'menu.finance',
      },
    ]);
    // The asset dropdown: one entry per wallet tab that has one (so none leads to a tab
    // that does not exist), then the order centre.
    const assets = menuLinks(PAGES, 'assets', true).map((l) => l.to);
    expect(assets).toEqual([
      ...ASSETS_TABS.filter((tab) => tab.menu).map((tab) => `/assets/index?key=${tab.key}`),
      '/account/entrust/spot',
    ]);
    expect(assets).toEqual(
      expect.arrayContaining(['/assets/index?key=overview', '/assets/index?key=transfer']),
    );
    expect(menuLinks(PAGES, 'footer', false).map((l) => l.to)).toEqual([
      '/quotes/index',
      '/market/main',
      '/rate/index',
      '/pledge/index',
      '/article/main',
      '/article/main/terms',
    ]);
    expect(menuLinks(PAGES, 'guest', false).map((l) => l.to)).toEqual([
      '/user/login',
      '/user/register',
    ]);
    expect(menuLinks(PAGES, 'guest', true)).toEqual([]);
    expect(menuLinks(PAGES, 'avatar', true).map((l) => l.to)).toEqual([
      '/user/index?key=certified',
      '/user/index?key=bank',
      '/user/index?key=tardPwd',
      '/account/center',
      '/account/center?tab=security',
      '/account/center?tab=device-management',
      '/account/center?tab=api',
    ]);
  });

  it('places the trade dropdown where its first page is, with query links', () => {
    expect(topMenu(LATER, false).map((i) => i.key)).toEqual([
      '/home/index',
      '/quotes/index',
      'trade',
      '/rule/index',
    ]);
    const trade = topMenu(LATER, false)[2];
    expect(trade?.kind === 'group' && trade.children.map((c) => c.to)).toEqual([
      '/trade/index?type=sec',
      '/trade/index?type=spot',
    ]);
  });

  it('shows guest entries to visitors and user entries to signed-in users only', () => {
    expect(menuLinks(LATER, 'guest', false).map((l) => l.to)).toEqual(['/user/login']);
    expect(menuLinks(LATER, 'guest', true)).toEqual([]);
    expect(menuLinks(LATER, 'assets', false)).toEqual([]);
    expect(menuLinks(LATER, 'assets', true).map((l) => l.to)).toEqual(['/assets/index']);
  });

  it('sends visitors of a user page to login and users of a guest page home', () => {
    expect(accessRedirect('public', false)).toBeNull();
    expect(accessRedirect('user', false)).toBe('/user/login');
    expect(accessRedirect('user', true)).toBeNull();
    expect(accessRedirect('guest', true)).toBe('/home/index');
    expect(accessRedirect('guest', false)).toBeNull();
  });
});
