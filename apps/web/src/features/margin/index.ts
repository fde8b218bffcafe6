// What the app shell and other features may use of the margin feature; the rest is its
// own. The widgets other pages show (the trade form's margin panel, the rules tab) are in
// `lazy.ts`, which they import only dynamically.
export { marginRoutes } from './routes.ts';
export { useMarginAvailable, type MarginMode } from './data/queries.ts';
// Public: every coin's pool, its savings share among them (the earn products disclose it).
export { useMarginFunds } from './data/queries.ts';
// A rate (a fraction) in percent, every digit kept: the operators' margin page shows them so.
export { ratePercent } from './data/level.ts';
// Mounted once in the layout: a notice on any page when a margin account's level falls to 1.3.
export { MarginWarnings } from './data/useMarginWarnings.ts';
