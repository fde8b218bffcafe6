// What the app shell and other features may use of the swap feature: its wallet tab
// (features/wallet/tabs.ts loads it lazily from here).
export { SwapTab } from './widgets/SwapTab.tsx';
