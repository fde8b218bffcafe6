import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  formatMessage,
  routePath,
  type CallData,
  type CallParsed,
  type CallSpec,
} from '@meridian/contract';

export type CallHandler<S extends CallSpec> = (
  input: CallParsed<S>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallData<S>>;

export interface RegisterOptions {
  /** Non-200 statuses whose answer still carries the call's data (health's 503). */
  dataStatuses?: readonly number[];
}

const errorStatuses = [400, 401, 403, 404, 409, 429, 500] as const;

/**
 * Registers one contract call: its schemas validate the request and the answer, describe
 * it in the OpenAPI document, and the handler's result is wrapped in the envelope.
 */
export function registerCall<S extends CallSpec>(
  app: FastifyInstance,
  head: string,
  call: S,
  handler: CallHandler<S>,
  options: RegisterOptions = {},
): void {
  if (call.auth !== 'public') {
    // Sessions arrive with the accounts capability; until then a protected call would be
    // served to anyone, so refuse to register it at all.
    throw new Error(`${call.path}: no authenticator for "${call.auth}" calls is installed`);
  }
  const response: Record<number, unknown> = { 200: envelopeSchema(call.data) };
  for (const status of errorStatuses) response[status] = errorEnvelopeSchema;
  for (const status of options.dataStatuses ?? []) response[status] = envelopeSchema(call.data);
  app.route({
    method: call.method,
    url: routePath(call.path, head),
    schema: {
      summary: call.summary,
      tags: [...call.tags],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as CallParsed<S>;
      const data = await handler(input, request, reply);
      const code = reply.statusCode;
      return { code, msg: formatMessage(code === 200 ? 'success' : 'failure', request.lang), data };
    },
  });
}
