// What other features load of the perps feature when a page of theirs needs it (always
// with a dynamic import: `/trade/index?type=usta`, the rules tab, the quotes tabs).
export { PerpTradePage } from './pages/PerpTradePage.tsx';
export { PerpRulesTab } from './widgets/PerpRulesTab.tsx';
export { PerpQuotes } from './widgets/PerpQuotes.tsx';
