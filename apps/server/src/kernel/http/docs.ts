import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call accepts an `Idempotency-Key` header (set by registerCall from the contract). */
    idempotent?: boolean;
    /** Called thousands of times a second: answers skip the zod serializer (set by registerCall). */
    highRate?: boolean;
  }
}

/**
 * The header as documented only: the key is read and checked by the idempotency guard,
 * so declaring it here never makes Fastify validate (or strip) request headers.
 */
const IDEMPOTENCY_HEADERS = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Optional. A repeat with the same key from the same user gets the first answer and ' +
        'moves nothing; a refused request releases its key.',
    },
  },
} as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route?: { config?: { idempotent?: boolean } };
};

function transform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  if (!input.route?.config?.idempotent) return result;
  return { ...result, schema: { ...result.schema, headers: IDEMPOTENCY_HEADERS } };
}

/** Where the API documentation is served: the UI, and the OpenAPI document at `/json`. */
export const DOCS_PATH = '/api/docs';

/** The OpenAPI document, generated from the contract, and its UI at `/api/docs`. */
export async function registerDocs(app: FastifyInstance, brand: string, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${brand} API`,
        version,
        description:
          'Every answer is `{ code, msg, data }`; `code` 200 is success. Send the token in ' +
          '`authorization` (with or without `Bearer `) or `satoken`, and the language in `lang`.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'authorization',
            description: 'The access token from login, with or without `Bearer `',
          },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'An operator session from `/api/ops/auth/login` (operator calls only)',
          },
          // A signed API-key request (README "Programmatic trading") carries all three.
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-MER-APIKEY',
            description:
              'The API key id (`mk_...`). A signed request also sends X-MER-TIMESTAMP, ' +
              'X-MER-SIGNATURE and optionally X-MER-RECV-WINDOW (ms, default 5000, at most ' +
              '60000). Calls that list this scheme accept it; the scope each needs is in its ' +
              'description. Refusals: apiKeyHeaders, apiKeyRecvWindow, apiKeyTimestamp, ' +
              'apiKeyUnknown, apiKeyExpired, apiKeyBadSignature, apiKeyReplay, apiKeyIp, ' +
              'apiKeySessionOnly, apiKeyScope, apiKeyWithdrawNeedsIp, apiKeyRateLimited.',
          },
          apiTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'X-MER-TIMESTAMP',
            description: 'Milliseconds since 1970; within the receive window of server time',
          },
          apiSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-MER-SIGNATURE',
            description:
              'HMAC-SHA256 (lower-case hex) with the key secret, or Ed25519 (base64) with ' +
              'the private key, over `timestamp\\nMETHOD\\npath\\nsorted query\\nraw body` ' +
              '(query pairs sorted by key then value, RFC 3986 encoded, joined with &)',
          },
        },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
}
