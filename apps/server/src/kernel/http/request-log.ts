import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/** A request slower than this is logged at info level (`warn`) whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/** How often the summary of the requests served is logged (when there were any). */
export const SUMMARY_INTERVAL_MS = 60_000;

/** Latencies kept per period for the percentiles: a uniform sample beyond this. */
const SAMPLE_SIZE = 4096;

type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** What the summary line reports for one period. */
export interface RequestSummary {
  requests: number;
  status: Partial<Record<StatusClass, number>>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/**
 * Request logging that stays quiet at `info`: one line per request when it completes
 * (instead of Fastify's two, incoming and completed), but at `debug` level; at `info` only
 * a server error (5xx, at `error`), a request slower than {@link SLOW_REQUEST_MS} (at
 * `warn`) and, every {@link SUMMARY_INTERVAL_MS} with traffic, one summary line: how many
 * requests, by status class, and their median, 99th-percentile and slowest times. A 4xx
 * is the client's mistake: debug only (the error handler logs what needs a look).
 * Call {@link startSummary} once the logger exists and {@link stop} on close.
 */
export class OneLinePerRequest extends LogController {
  private requests = 0;
  private status: Partial<Record<StatusClass, number>> = {};
  private sample = new Float64Array(SAMPLE_SIZE);
  private maxMs = 0;
  private timer: NodeJS.Timeout | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    const statusCode = reply.statusCode;
    this.record(statusCode, responseTime);
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (statusCode >= 500) {
      reply.log.error({ req: request, res: reply, responseTime }, 'request failed');
    } else if (responseTime >= SLOW_REQUEST_MS) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ req: request, res: reply, responseTime }, 'request completed');
    }
  }

  private record(statusCode: number, ms: number): void {
    const statusClass =
      `${Math.min(5, Math.max(1, Math.floor(statusCode / 100)))}xx` as StatusClass;
    this.status[statusClass] = (this.status[statusClass] ?? 0) + 1;
    // Reservoir sampling: every request of the period has the same chance to be kept.
    if (this.requests < SAMPLE_SIZE) this.sample[this.requests] = ms;
    else {
      const slot = Math.floor(Math.random() * (this.requests + 1));
      if (slot < SAMPLE_SIZE) this.sample[slot] = ms;
    }
    this.requests += 1;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  /** The period's figures, and a new period begun; `undefined` when nothing was served. */
  takeSummary(): RequestSummary | undefined {
    if (this.requests === 0) return undefined;
    const sorted = this.sample.slice(0, Math.min(this.requests, SAMPLE_SIZE)).sort();
    const summary: RequestSummary = {
      requests: this.requests,
      status: this.status,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: Math.round(this.maxMs * 10) / 10,
    };
    this.requests = 0;
    this.status = {};
    this.maxMs = 0;
    return summary;
  }

  /** Logs a summary line at `info` every `intervalMs` in which requests were served. */
  startSummary(log: FastifyBaseLogger, intervalMs = SUMMARY_INTERVAL_MS): void {
    this.stop();
    const seconds = Math.round(intervalMs / 1000);
    this.timer = setInterval(() => {
      const summary = this.takeSummary();
      if (summary) log.info({ summary }, `${summary.requests} requests in the last ${seconds} s`);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
