import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
