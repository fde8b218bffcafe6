import type { FastifyInstance } from 'fastify';
import type { MarketFeed } from '../feed.ts';
import { DEFAULT_LIMITS, MarketConnection, type MarketSocketLimits } from './connection.ts';
import { MarketHub } from './hub.ts';
import { ensureWebSocketSupport } from '../../../kernel/realtime/websocket-support.ts';

export interface MarketSocketOptions {
  feed: MarketFeed;
  /** Overrides of the per-connection limits and timings (tests use short ones). */
  limits?: Partial<MarketSocketLimits>;
}

export interface MarketSocket {
  /** Open connections and watched channels, for figures and tests. */
  stats(): { connections: number; channels: number };
}

/**
 * The market socket at `/ws/:id` (seed section 7; the id is the client's own random
 * id and only names the connection in logs). Call before `app.ready()`; everything it
 * starts stops with `app.close()`.
 */
export async function registerMarketSocket(
  app: FastifyInstance,
  options: MarketSocketOptions,
): Promise<MarketSocket> {
  const limits: MarketSocketLimits = { ...DEFAULT_LIMITS, ...options.limits };
  await ensureWebSocketSupport(app);
  const hub = new MarketHub(options.feed);
  const connections = new Set<MarketConnection>();

  // One timer for every connection: heartbeats and idle checks in a single sweep.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const connection of connections) connection.beat(now);
  }, limits.heartbeatMs);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    hub.close();
  });

  app.get('/ws/:id', { websocket: true }, (socket, request) => {
    const log = request.log.child({ socket: 'market' });
    const connection = new MarketConnection(socket, hub, options.feed, limits, log);
    connections.add(connection);
    socket.on('message', (data, isBinary) => {
      // A subscription is text; binary frames are read as UTF-8 and validated the same way.
      connection.receive(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data));
    });
    socket.on('close', () => {
      connections.delete(connection);
      connection.dispose();
    });
    socket.on('error', (error) => log.debug({ err: error }, 'market socket error'));
  });

  return { stats: () => ({ connections: connections.size, channels: hub.channelCount }) };
}
