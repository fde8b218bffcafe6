import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A successful request slower than this is logged even on a high-rate call. */
const SLOW_REQUEST_MS = 250;

/**
 * One log line per request, written when it completes and naming the request, instead of
 * Fastify's two (incoming, completed): at thousands of orders a second, formatting and
 * writing log lines is a real share of the server's time. For the same reason a fast
 * successful request of a high-rate call (placing or cancelling an order) is logged at
 * debug level only; its errors and slow requests are logged as any other.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (
      request.routeOptions.config.highRate &&
      reply.statusCode < 400 &&
      responseTime < SLOW_REQUEST_MS
    ) {
      reply.log.debug({ req: request, res: reply, responseTime }, 'request completed');
    } else {
      reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
    }
  }
}
