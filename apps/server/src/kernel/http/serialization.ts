import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';

type Compiler = FastifySerializerCompiler<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether every answer is checked against its schema (tests and development). */
    answersChecked?: boolean;
  }
}

/**
 * High-rate calls in production (placing and cancelling orders): their answers are built
 * from typed values by one function each, covered by the checked tests, so they are
 * written as built instead of being re-parsed on every call. Every other call keeps zod's
 * serializer, which also drops any field its schema does not declare.
 */
export const plainSerializer: Compiler = () => (data) => JSON.stringify(data);

/**
 * Tests and development: every answer is checked against the call's schema, and an answer
 * the schema would change (a field it drops or a default it fills in) is an error rather
 * than silently mended, so what production writes (the answer as built) is exactly what
 * the schema allows.
 */
const checkingSerializer: Compiler = (route) => {
  const validate = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => {
    const text = validate(data);
    const plain = JSON.stringify(data);
    if (plain !== text && !isDeepStrictEqual(JSON.parse(plain), JSON.parse(text))) {
      throw new Error(`${route.method} ${route.url}: the answer differs from its schema: ${plain}`);
    }
    return text;
  };
};

/** Whether answers are checked against their schemas when nothing says otherwise. */
export const validatesResponsesByDefault = () =>
  process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

export function responseSerializer(validate: boolean): Compiler {
  return validate ? checkingSerializer : (serializerCompiler as Compiler);
}
