import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  formatMessage,
  routePath,
  type CallData,
  type CallParsed,
  type CallSpec,
  type MessageId,
} from '@meridian/contract';
import { plainSerializer } from './serialization.ts';
import { presentsApiKey } from './signed-request.ts';

/** An answer other than plain success that still carries data (login's second step). */
export class Answer<T> {
  constructor(
    readonly code: number,
    readonly messageId: MessageId,
    readonly data: T,
  ) {}
}

export type CallHandler<S extends CallSpec> = (
  input: CallParsed<S>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallData<S> | Answer<CallData<S>>>;

export interface RegisterOptions {
  /** Non-200 statuses whose answer still carries the call's data. */
  dataStatuses?: readonly number[];
  /** Requests per minute from one IP address. */
  perMinute?: number;
  /**
   * A call made thousands of times a second (placing and cancelling orders): unless
   * answers are checked, it answers through the plain serializer.
   */
  highRate?: boolean;
}

const errorStatuses = [400, 401, 403, 404, 409, 415, 429, 500] as const;

/**
 * Registers one contract call: its schemas validate the request (and the answer, in
 * tests and development) and describe it in the OpenAPI document; `user` calls are
 * authenticated first, before the body is read, parsed or validated, so an anonymous
 * caller learns nothing of a call's rules; the handler's result is wrapped in the envelope.
 */
export function registerCall<S extends CallSpec>(
  app: FastifyInstance,
  head: string,
  call: S,
  handler: CallHandler<S>,
  options: RegisterOptions = {},
): void {
  const requireUser = app.requireUser;
  const requireSigned = app.requireSigned;
  const resolveUser = app.resolveUser;
  const requireOperator = app.requireOperator;
  const permission = call.permission;
  if (
    (call.auth === 'operator' && (!requireOperator || !permission)) ||
    (call.auth === 'user' && !requireUser) ||
    (call.auth === 'optional' && !resolveUser)
  ) {
    // A protected call with no way to check the caller would be served to anyone.
    throw new Error(`${call.path}: no authenticator for "${call.auth}" calls is installed`);
  }
  const response: Record<number, unknown> = { 200: envelopeSchema(call.data) };
  for (const status of errorStatuses) response[status] = errorEnvelopeSchema;
  for (const status of options.dataStatuses ?? []) response[status] = envelopeSchema(call.data);
  // Every operator call that may change something leaves an audit row (PRODUCT.md 3).
  const auditRequired = call.auth === 'operator' && call.method !== 'GET';
  app.route({
    method: call.method,
    url: routePath(call.path, head),
    schema: {
      summary: call.summary,
      ...(call.keyScope ? { description: `API keys: needs the \`${call.keyScope}\` scope.` } : {}),
      tags: [...call.tags],
      ...(call.auth === 'operator' ? { security: [{ operatorToken: [] }] } : {}),
      ...(call.auth === 'user'
        ? {
            security: call.keyScope
              ? [{ token: [] }, { apiKey: [], apiTimestamp: [], apiSignature: [] }]
              : [{ token: [] }],
          }
        : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response,
    },
    ...(options.highRate && !app.answersChecked ? { serializerCompiler: plainSerializer } : {}),
    config: {
      ...(options.perMinute ? { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } : {}),
      // Read by the OpenAPI document, which lists the Idempotency-Key header for it.
      ...(call.idempotent ? { idempotent: true } : {}),
      ...(options.highRate ? { highRate: true } : {}),
    },
    ...(call.auth === 'user' && requireUser
      ? {
          // After onRequest (so the rate limit still counts first), before the body.
          // A signed API-key request is judged as one only, over the body's raw bytes.
          preParsing: async (
            request: FastifyRequest,
            reply: FastifyReply,
            payload: NodeJS.ReadableStream,
          ) => {
            if (requireSigned && presentsApiKey(request)) {
              return requireSigned(request, reply, payload, call.keyScope);
            }
            await requireUser(request);
            return payload;
          },
        }
      : {}),
    ...(call.auth === 'operator' && requireOperator && permission
      ? {
          // Before the body, like user calls: a caller without the permission learns
          // nothing of the call's rules.
          preParsing: async (
            request: FastifyRequest,
            _reply: FastifyReply,
            payload: NodeJS.ReadableStream,
          ) => {
            await requireOperator(request, permission);
            return payload;
          },
        }
      : {}),
    ...(call.auth === 'optional' && resolveUser
      ? {
          preHandler: async (request: FastifyRequest) => {
            await resolveUser(request);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as CallParsed<S>;
      const result = await handler(input, request, reply);
      if (auditRequired && !request.audited) {
        // A programming error, caught by the tests that call every operator write: the
        // change is made, so say so loudly rather than answer as if all were well.
        request.log.error({ call: call.path }, 'operator write without an audit row');
        throw new Error(`${call.path} changed something without an audit row`);
      }
      if (result instanceof Answer) {
        reply.status(result.code);
        return {
          code: result.code,
          msg: formatMessage(result.messageId, request.lang),
          data: result.data,
        };
      }
      const code = reply.statusCode;
      return {
        code,
        msg: formatMessage(code === 200 ? 'success' : 'failure', request.lang),
        data: result,
      };
    },
  });
}
