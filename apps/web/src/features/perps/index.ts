// What the app shell may use of the perps feature; the rest is its own. The pages and
// widgets other features show are in `lazy.ts`, which they import only dynamically, so
// none of them lands in the app's first bundle.
export { perpsRoutes } from './routes.ts';
