// What the app shell may use of the spot feature; everything else is its own.
export { spotRoutes } from './routes.ts';
export { UserFeed } from './data/useUserFeed.ts';
