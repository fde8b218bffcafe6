// `npm start`: build the web app if it is missing or stale, then run the platform in this
// same process (TypeScript is loaded through tsx, so there is no separate compile step).
import { ensureWebBundle } from './web-bundle.mjs';

ensureWebBundle();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
