import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/**
 * The largest WebSocket frame ws accepts on any route (market socket or MQTT). Browsers
 * only send subscriptions and MQTT control packets; routes apply tighter limits of their own.
 */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Registers @fastify/websocket once for the whole app: the market socket and the MQTT
 * endpoint share one upgrade handler on the platform's HTTP server.
 */
export async function ensureWebSocketSupport(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('websocketServer')) return;
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
}
