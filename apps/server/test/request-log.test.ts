import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { OneLinePerRequest } from '../src/kernel/http/request-log.ts';

// Order calls come thousands a second: their fast successes stay out of an info-level
// log, but their failures, and every other call, are logged as before. (A thrown error is
// also logged on its own by the error handler; the request line is at info.)
async function logged(level: 'info' | 'debug') {
  const lines: Array<{ level: number; msg: string; req?: { url: string } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.post('/order', { config: { highRate: true } }, () => ({ ok: true }));
  app.post('/order-refused', { config: { highRate: true } }, (_request, reply) =>
    reply.code(400).send({ ok: false }),
  );
  app.post('/order-failed', { config: { highRate: true } }, () => {
    throw new Error('boom');
  });
  app.get('/wallet', () => ({ ok: true }));
  for (const [method, url] of [
    ['POST', '/order'],
    ['POST', '/order-refused'],
    ['POST', '/order-failed'],
    ['GET', '/wallet'],
  ] as const) {
    await app.inject({ method, url });
  }
  await app.close();
  const completed = lines.filter((l) => l.req && /request (completed|errored)/.test(l.msg));
  return completed.map(
    (l) => `${l.req!.url} ${l.level >= 50 ? 'error' : l.level >= 30 ? 'info' : 'debug'}`,
  );
}

it('leaves fast successful order calls out of the info log, and logs the rest', async () => {
  expect(await logged('info')).toEqual([
    '/order-refused info',
    '/order-failed info',
    '/wallet info',
  ]);
});

it('logs every request at debug level', async () => {
  expect(await logged('debug')).toEqual([
    '/order debug',
    '/order-refused info',
    '/order-failed info',
    '/wallet info',
  ]);
});
