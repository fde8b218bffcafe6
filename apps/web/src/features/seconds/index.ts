// What the app shell and other features may use of the seconds feature; the rest is its own.
export { SecondsTradePage } from './pages/SecondsTradePage.tsx';
export { SecondsRulesTab } from './widgets/SecondsRulesTab.tsx';
