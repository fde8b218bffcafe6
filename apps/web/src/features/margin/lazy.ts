// What other features load of the margin feature when a page of theirs needs it (always
// with a dynamic import: the spot trade form in cross or isolated mode, the rules tab).
export { MarginPanel } from './widgets/MarginPanel.tsx';
export { MarginRulesTab } from './widgets/MarginRulesTab.tsx';
