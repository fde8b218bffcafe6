// Start-up and plain HTTP figures of the platform as `npm start` runs it:
// - time from launching `node scripts/start.mjs` (bundle already built, new DATA_DIR) to
//   the first healthy `/api/health`, over several starts;
// - requests per second and latency of `GET /api/health` under autocannon on loopback.
import autocannon from 'autocannon';
import { ensureWebBundle } from '../../../scripts/web-bundle.mjs';
import { startPlatform } from '../../../e2e/platform.ts';

const STARTS = 5;

ensureWebBundle();

const times: number[] = [];
for (let i = 0; i < STARTS; i++) {
  const began = performance.now();
  const platform = await startPlatform();
  times.push(performance.now() - began);
  await platform.stop();
}
times.sort((a, b) => a - b);
console.log(
  `start to healthy /api/health: median ${times[Math.floor(STARTS / 2)]!.toFixed(0)} ms, ` +
    `min ${times[0]!.toFixed(0)} ms, max ${times[STARTS - 1]!.toFixed(0)} ms (${STARTS} starts, fresh DATA_DIR)`,
);

const platform = await startPlatform();
const result = await autocannon({
  url: `${platform.url}/api/health`,
  connections: 50,
  duration: 10,
});
console.log(
  `GET /api/health (database ping each): ${Math.round(result.requests.average)} req/s, ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, ` +
    `non-2xx ${result.non2xx} (50 connections, 10 s)`,
);
await platform.stop();
