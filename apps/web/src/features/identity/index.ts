// What the app shell may use of the identity feature; everything else is its own.
export { identityRoutes } from './routes.ts';
export { signOut, startSessionKeeper } from './session-keeper.ts';
