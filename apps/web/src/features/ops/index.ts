// What the app shell uses of the operator console: one route, everything else loads with it.
export { opsRoute } from './route.tsx';
