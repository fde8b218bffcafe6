import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { SessionAuthority } from '../../sessions.ts';
import { ensureWebSocketSupport } from '../websocket-support.ts';
import { maySubscribe, presentedToken } from './access.ts';
import type { MqttPublisher } from './publisher.ts';

/**
 * Longest keepalive a client may ask for (s). The seed's clients use 5 s; a generic
 * client's default of 60 s still works, but no keepalive at all (0) is refused so a
 * vanished client is always noticed.
 */
export const KEEPALIVE_LIMIT_SECONDS = 60;
/** A client that does not read what it was sent for this long is disconnected. */
const DRAIN_TIMEOUT_MS = 10_000;
/** CONNACK return codes (MQTT 3.1.1, 3.2.2.3). */
const SERVER_UNAVAILABLE = 3;
const BAD_CREDENTIALS = 4;

export interface EmbeddedBrokerOptions {
  sessions: Pick<SessionAuthority, 'authenticate'>;
  path: string;
}

/**
 * An aedes broker spoken to over WebSocket on the platform's own HTTP server. Browsers
 * read; only the platform publishes, in process.
 */
export async function startEmbeddedBroker(
  app: FastifyInstance,
  options: EmbeddedBrokerOptions,
): Promise<MqttPublisher> {
  // The user behind each authenticated client; anonymous clients have no entry.
  const users = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
    keepaliveLimit: KEEPALIVE_LIMIT_SECONDS,
    drainTimeout: DRAIN_TIMEOUT_MS,
    // A will is a publish by the client when it drops; browsers may not publish at all.
    preConnect: (_client, packet, done) => done(null, !packet.will),
    authenticate: (client, username, password, done) => {
      const presented = presentedToken(username, password);
      if (!presented) return done(null, true);
      options.sessions.authenticate(presented.token).then(
        (principal) => {
          if (principal) users.set(client, principal.userId);
          if (principal || !presented.required) return done(null, true);
          const error = new Error('invalid access token') as AuthenticateError;
          error.returnCode = BAD_CREDENTIALS;
          done(error, false);
        },
        (cause: unknown) => {
          // The session store did not answer: "server unavailable", so the client retries.
          const error = new Error('sessions unavailable', { cause }) as AuthenticateError;
          error.returnCode = SERVER_UNAVAILABLE;
          done(error, false);
        },
      );
    },
    authorizeSubscribe: (client, subscription, done) => {
      // null refuses the one topic (SUBACK 0x80) and keeps the connection.
      done(null, maySubscribe(subscription.topic, users.get(client) ?? null) ? subscription : null);
    },
    authorizePublish: (client, _packet, done) => {
      done(client ? new Error('only the platform publishes') : null);
    },
  });
  // Who is subscribed to what, among connected clients. User refreshes are QoS 0 and
  // reach only connected subscribers, so a topic nobody connected holds is not worth
  // publishing; at thousands of orders a second that is most of them. Subscriptions are
  // exact topics (access.ts refuses wildcards on refresh topics). A client resuming a
  // persistent session gets its subscriptions back without a 'subscribe' event, so while
  // one is connected every topic counts as possibly subscribed.
  const holders = new Map<string, Set<Client>>();
  const topicsOf = new Map<Client, Set<string>>();
  let resumedSessions = 0;
  const forget = (client: Client, topic: string) => {
    const set = holders.get(topic);
    set?.delete(client);
    if (set?.size === 0) holders.delete(topic);
    topicsOf.get(client)?.delete(topic);
  };
  broker.on('client', (client) => {
    if (!client.clean) resumedSessions++;
  });
  broker.on('subscribe', (subscriptions, client) => {
    if (!client) return;
    let mine = topicsOf.get(client);
    if (!mine) topicsOf.set(client, (mine = new Set()));
    for (const { topic } of subscriptions) {
      let set = holders.get(topic);
      if (!set) holders.set(topic, (set = new Set()));
      set.add(client);
      mine.add(topic);
    }
  });
  broker.on('unsubscribe', (topics, client) => {
    if (client) for (const topic of topics) forget(client, topic);
  });
  broker.on('clientDisconnect', (client) => {
    if (!client.clean) resumedSessions--;
    for (const topic of [...(topicsOf.get(client) ?? [])]) forget(client, topic);
    topicsOf.delete(client);
  });

  broker.on('clientError', (client, error) =>
    app.log.debug({ err: error, client: client.id }, 'mqtt client error'),
  );

  await ensureWebSocketSupport(app);
  app.get(options.path, { websocket: true }, (socket, request) => {
    const stream = createWebSocketStream(socket);
    // A socket torn down mid-write is the client's loss, never the server's crash.
    stream.on('error', (error) => request.log.debug({ err: error }, 'mqtt socket error'));
    broker.handle(stream, request.raw);
  });

  return {
    mayHaveSubscribers: (topic) => resumedSessions > 0 || holders.has(topic),
    publish(topic, payload, retain) {
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain, dup: false },
        (error) => {
          if (error) app.log.warn({ err: error, topic }, 'mqtt publish failed');
        },
      );
    },
    status: () =>
      broker.closed
        ? { status: 'down', detail: 'embedded broker closed' }
        : {
            status: 'up',
            detail: `embedded, ${broker.connectedClients} clients at ${options.path}`,
          },
    close: () => new Promise<void>((resolve) => broker.close(() => resolve())),
  };
}
