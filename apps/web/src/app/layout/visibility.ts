/**
 * Seed section 2: which parts of the frame a path shows. Pure functions of the path, so
 * every rule is tested without a browser, including for pages that do not exist yet.
 */

const HEADERLESS = [
  '/user/login',
  '/user/register',
  '/user/reset',
  '/exchange/full-screen',
  // Issue 19: the U-contract trade screen's full view, as the spot one.
  '/exchange/full-contract',
];

/**
 * The header is hidden on the login, register and reset pages, and on the full-screen
 * trade views (spot and U contract), which give the trader the whole viewport.
 */
export function showHeader(pathname: string): boolean {
  return !HEADERLESS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The footer is hidden on user sub-pages other than /user/index, on /pledge/...,
 * /finance/detail, /trade... and /exchange/full-screen/... (and, by issue 19,
 * /exchange/full-contract/...), where the page needs the whole height (trading screens,
 * forms).
 */
export function showFooter(pathname: string): boolean {
  if (pathname.startsWith('/user/')) return pathname === '/user/index';
  if (pathname.startsWith('/pledge/')) return false;
  if (pathname === '/finance/detail' || pathname.startsWith('/finance/detail/')) return false;
  if (pathname.startsWith('/trade')) return false;
  if (pathname.startsWith('/exchange/full-screen/')) return false;
  if (pathname.startsWith('/exchange/full-contract/')) return false;
  return true;
}
