// What the app shell uses of the operator console: one route, everything else loads with it.
export { OPS_PATH, OpsRoute } from './route.tsx';
