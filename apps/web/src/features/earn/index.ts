// What the app shell may use of the earn feature: its pages (staking and finance products).
export { earnRoutes } from './routes.ts';
