import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { OneLinePerRequest, SLOW_REQUEST_MS } from '../src/kernel/http/request-log.ts';

interface Line {
  level: number;
  msg: string;
  req?: { url: string };
  summary?: { requests: number; status: Record<string, number>; p50Ms: number; p99Ms: number };
}

const levelName = (level: number) =>
  level >= 50 ? 'error' : level >= 40 ? 'warn' : level >= 30 ? 'info' : 'debug';

// At info a request is logged only when something needs a look: a server error or a slow
// request; every request is at debug. (A thrown error is also logged on its own by the
// error handler.) A summary line counts them all.
async function logged(level: 'info' | 'debug', summaryMs?: number) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const requestLog = new OneLinePerRequest();
  const app = Fastify({ logger: { level, stream }, logController: requestLog });
  app.post('/order', { config: { highRate: true } }, () => ({ ok: true }));
  app.post('/order-refused', (_request, reply) => reply.code(400).send({ ok: false }));
  app.post('/order-failed', () => {
    throw new Error('boom');
  });
  app.get('/unavailable', (_request, reply) => reply.code(503).send({ ok: false }));
  app.get('/wallet', () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  for (const [method, url] of [
    ['POST', '/order'],
    ['POST', '/order-refused'],
    ['POST', '/order-failed'],
    ['GET', '/unavailable'],
    ['GET', '/wallet'],
    ['GET', '/slow'],
  ] as const) {
    await app.inject({ method, url });
  }
  // Started after the requests: its first period holds them all, the next ones none.
  if (summaryMs) requestLog.startSummary(app.log, summaryMs);
  if (summaryMs) await new Promise((resolve) => setTimeout(resolve, summaryMs * 3));
  requestLog.stop();
  await app.close();
  const requests = lines
    .filter((l) => l.req && /request|slow/.test(l.msg))
    .map((l) => `${l.req!.url} ${levelName(l.level)}`);
  return { requests, summaries: lines.filter((l) => l.summary) };
}

it('logs only server errors and slow requests at info level', async () => {
  expect((await logged('info')).requests).toEqual([
    '/order-failed error',
    '/unavailable error',
    '/slow warn',
  ]);
});

it('logs every request at debug level', async () => {
  expect((await logged('debug')).requests).toEqual([
    '/order debug',
    '/order-refused debug',
    '/order-failed error',
    '/unavailable error',
    '/wallet debug',
    '/slow warn',
  ]);
});

it('logs a summary of each period with traffic, and none of a quiet one', async () => {
  const { summaries } = await logged('info', 200);
  expect(summaries).toHaveLength(1);
  const [line] = summaries;
  expect(levelName(line!.level)).toBe('info');
  expect(line!.msg).toMatch(/^6 requests in the last/);
  expect(line!.summary).toMatchObject({
    requests: 6,
    status: { '2xx': 3, '4xx': 1, '5xx': 2 },
  });
  expect(line!.summary!.p99Ms).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  expect(line!.summary!.p50Ms).toBeLessThan(SLOW_REQUEST_MS);
});

it('reports percentiles over the period and starts a new one', () => {
  const requestLog = new OneLinePerRequest();
  const complete = (statusCode: number, elapsedTime: number) =>
    requestLog.requestCompleted(
      null,
      { routeOptions: { config: {} } } as never,
      { statusCode, elapsedTime, log: { debug() {}, warn() {}, error() {} } } as never,
    );
  for (let ms = 1; ms <= 100; ms += 1) complete(200, ms);
  complete(302, 0.5);
  expect(requestLog.takeSummary()).toEqual({
    requests: 101,
    status: { '2xx': 100, '3xx': 1 },
    p50Ms: 50,
    p99Ms: 99,
    maxMs: 100,
  });
  expect(requestLog.takeSummary()).toBeUndefined();
});
