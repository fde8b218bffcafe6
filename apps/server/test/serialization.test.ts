import Fastify from 'fastify';
import { z } from 'zod';
import { expect, it } from 'vitest';
import {
  responseSerializer,
  validatesResponsesByDefault,
} from '../src/kernel/http/serialization.ts';

// Production writes answers as they were built; tests check each against its schema and
// refuse one the schema would have to change, so both write the same thing.
async function serve(validate: boolean, answer: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializer(validate));
  app.get(
    '/x',
    { schema: { response: { 200: z.object({ id: z.string(), note: z.string().default('') }) } } },
    () => answer,
  );
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

it('checks answers against their schema under the test runner', () => {
  expect(validatesResponsesByDefault()).toBe(true);
});

it('sends an answer that matches its schema the same way, checked or not', async () => {
  const answer = { note: 'n', id: 'a' };
  const checked = await serve(true, answer);
  const plain = await serve(false, answer);
  expect(checked.statusCode).toBe(200);
  expect(plain.statusCode).toBe(200);
  expect(checked.json()).toEqual(answer);
  expect(plain.json()).toEqual(answer);
});

it('refuses, when checking, an answer with a field its schema lacks or a default to fill', async () => {
  expect((await serve(true, { id: 'a', note: '', secret: 's' })).statusCode).toBe(500);
  expect((await serve(true, { id: 'a' })).statusCode).toBe(500);
  expect((await serve(true, { id: 1, note: '' })).statusCode).toBe(500);
});

it('drops, in production, a field the schema does not declare, so nothing extra leaks', async () => {
  const res = await serve(false, { id: 'a', note: 'n', secret: 's' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ id: 'a', note: 'n' });
});
