// Browser tests run against the real built bundle, exactly as `npm start` serves it.
import { ensureWebBundle } from '../scripts/web-bundle.mjs';

export default function setup() {
  ensureWebBundle({ log: (line) => console.log(`[e2e] ${line}`) });
}
