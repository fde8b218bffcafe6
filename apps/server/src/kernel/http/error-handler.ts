import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  DEFAULT_LANGUAGE,
  ERROR_KINDS,
  formatMessage,
  type ErrorKind,
  type MessageId,
} from '@meridian/contract';
import { AppError } from '../errors.ts';
import { BodyRefusal } from './json-body.ts';
import { describeValidationFailure, RequestValidationError } from './validation.ts';

interface ErrorAnswer {
  status: number;
  msg: string;
  /** The stable machine code clients decide on; the message is only for people. */
  reason: MessageId;
  field?: string;
  requestId?: string;
}

const kindByStatus: Record<number, Exclude<ErrorKind, 'success'>> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

/** Framework errors about the request body, answered as 400 with what is wrong. */
const bodyProblems: Record<string, MessageId> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bodyTooLarge',
};

function answerFor(
  error: FastifyError & { validationContext?: string },
  request: FastifyRequest,
  bodyLimit: number,
): ErrorAnswer {
  const lang = request.lang;
  if (error instanceof AppError) {
    const msg = formatMessage(error.messageId, lang, error.values);
    return {
      status: error.status,
      msg,
      reason: error.messageId,
      ...(error.field ? { field: error.field } : {}),
    };
  }
  if (error instanceof RequestValidationError) {
    const part = error.validationContext ?? 'body';
    const value =
      part === 'querystring'
        ? request.query
        : (request as unknown as Record<string, unknown>)[part];
    const problem = describeValidationFailure(error.schema, part, value, lang);
    return {
      status: 400,
      msg: `${formatMessage('validation', lang)}: ${problem.message}`,
      reason: 'validation',
      field: problem.field,
    };
  }
  if (error instanceof BodyRefusal) {
    return {
      status: error.status,
      msg: `${formatMessage('validation', lang)}: ${error.field}: ${formatMessage(error.reason, lang)}`,
      reason: error.reason,
      field: error.field,
    };
  }
  const bodyProblem = error.code ? bodyProblems[error.code] : undefined;
  if (bodyProblem || error instanceof SyntaxError) {
    const detail = formatMessage(bodyProblem ?? 'invalidJson', lang, { limit: bodyLimit });
    return {
      status: 400,
      msg: `${formatMessage('validation', lang)}: body: ${detail}`,
      reason: bodyProblem ?? 'invalidJson',
      field: 'body',
    };
  }
  const status = error.statusCode ?? 500;
  const kind = kindByStatus[status];
  if (kind) return { status: ERROR_KINDS[kind], msg: formatMessage(kind, lang), reason: kind };
  return {
    status: 500,
    msg: `${formatMessage('unknown', lang)} (${formatMessage('requestId', lang, { id: request.id })})`,
    reason: 'unknown',
    requestId: request.id,
  };
}

function send(reply: FastifyReply, answer: ErrorAnswer) {
  const data = {
    reason: answer.reason,
    ...(answer.field ? { field: answer.field } : {}),
    ...(answer.requestId ? { requestId: answer.requestId } : {}),
  };
  return reply.status(answer.status).send({ code: answer.status, msg: answer.msg, data });
}

/**
 * Every failure leaves as `{ code, msg, data }` in the caller's language. Internal errors
 * are logged with their detail and answered with a generic message and the request id.
 */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = answerFor(error, request, bodyLimit);
    if (answer.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: error.code, status: answer.status }, 'request refused');
    }
    return send(reply, answer);
  });
}

/** Answers an unknown API path; the web app's history fallback never covers `/api`. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, {
    status: 404,
    msg: formatMessage('notFound', request.lang),
    reason: 'notFound',
  });
}

/** Node's HTTP parser refusals that have a status of their own; any other is 400. */
const clientErrorKinds: Record<string, Exclude<ErrorKind, 'success'>> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimeout',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers past the
 * size limit, a malformed request line, a timeout) never becomes a Fastify request, so it
 * is answered here, on the socket, in the envelope too (in English: no header was read),
 * and the connection is closed. Like Node's own handler, nothing is written when the
 * socket is gone or an answer has already started on it.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const kind = (error.code && clientErrorKinds[error.code]) || 'validation';
  const status = ERROR_KINDS[kind];
  const body = JSON.stringify({
    code: status,
    msg: formatMessage(kind, DEFAULT_LANGUAGE),
    data: { reason: kind },
  });
  this.log.debug({ code: error.code, status }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
