import { loadNamespaces } from '../../../../shared/i18n/index.ts';
import { lazyPart } from '../../../../shared/ui/lazy-part.tsx';
import { isPhoneScreen } from '../../../../shared/ui/useIsPhone.ts';
import { withAntd } from '../../../../shared/ui/antd/scope.tsx';

/**
 * The order form (its inputs, slider, checkboxes and confirmation dialog, some 25 KB
 * gzipped with their antd parts) in a chunk of its own: a wide screen shows it beside the
 * chart and fetches it with the page (`preloadTradeParts`); a phone shows it in a drawer
 * and fetches both when the drawer is first asked for. antd's theme scope comes with it
 * (the rest of the page draws without antd), and the margin feature's messages, which its
 * Spot / Cross / Isolated switch and margin panel speak, on whichever address the trade
 * page is opened (`/trade/index`, `/exchange/index`, full screen).
 */
export const orderForm = lazyPart(
  withAntd(async () => {
    const [module] = await Promise.all([import('./OrderForm.tsx'), loadNamespaces(['margin'])]);
    return module.OrderPanel;
  }),
);

/** The phone's order drawer, with the form it holds: both are there when it opens. */
export const phoneOrderDrawer = lazyPart(
  withAntd(async () => {
    const [module] = await Promise.all([import('./PhoneOrderDrawer.tsx'), orderForm.load()]);
    return module.PhoneOrderDrawer;
  }),
);

/**
 * Called by the trade page's route as it loads the page: on a wide screen the spot view's
 * form is fetched beside the page's own files instead of after them. The other trade types
 * on the same address (`sec`, `usta`, `coin`) are other features' pages, with their own.
 * `search` is the address bar's: the page's own on a first visit, the previous page's on a
 * navigation inside the app (the router loads before it moves), where a wrong guess costs
 * one fetch of the form, and a missed one the form's chunk after the page's.
 */
export function preloadTradeParts(search: string): void {
  const type = new URLSearchParams(search).get('type');
  if (type === 'sec' || type === 'usta' || type === 'coin') return;
  if (!isPhoneScreen()) orderForm.preload();
}
