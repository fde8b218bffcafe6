// What other features' and the shell's tests may use of the wallet feature.
export { ASSETS_TABS, WALLET_TABS } from './tabs.ts';
