// `npm start`: build the web app if it is missing or stale, then run the platform in this
// same process (TypeScript is loaded through tsx, so there is no separate compile step).
// package.json starts it with --max-semi-space-size=32: a young generation twice Node's
// default. Under order load most objects die young; with the default, scavenges ran so
// often that they promoted short-lived request objects, and GC took a tenth of the
// server's time (the order benchmark: about 50 µs less CPU per order with it).
import { ensureWebBundle } from './web-bundle.mjs';

ensureWebBundle();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
