import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { SessionAuthority, SessionPrincipal } from '../../sessions.ts';
import { ensureWebSocketSupport } from '../websocket-support.ts';
import { maySubscribe, presentedToken, privateTopicOwner } from './access.ts';
import { ClientIdOwners } from './client-id-owners.ts';
import type { MqttPublisher, PrivateTopicRule } from './publisher.ts';
import { SessionGuard } from './session-guard.ts';

/**
 * Longest keepalive a client may ask for (s). The seed's clients use 5 s; a generic
 * client's default of 60 s still works, but no keepalive at all (0) is refused so a
 * vanished client is always noticed.
 */
export const KEEPALIVE_LIMIT_SECONDS = 60;
/** A client that does not read what it was sent for this long is disconnected. */
const DRAIN_TIMEOUT_MS = 10_000;
/** CONNACK return codes (MQTT 3.1.1, 3.2.2.3). */
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_CREDENTIALS = 4;

export interface EmbeddedBrokerOptions {
  sessions: Pick<SessionAuthority, 'authenticate' | 'liveSessions'> &
    Partial<Pick<SessionAuthority, 'onRevoked'>>;
  path: string;
}

function refusal(returnCode: number, message: string, cause?: unknown): AuthenticateError {
  const error = new Error(message, { cause }) as AuthenticateError;
  error.returnCode = returnCode;
  return error;
}

/**
 * An aedes broker spoken to over WebSocket on the platform's own HTTP server. Browsers
 * read; only the platform publishes, in process.
 */
export async function startEmbeddedBroker(
  app: FastifyInstance,
  options: EmbeddedBrokerOptions,
): Promise<MqttPublisher> {
  // Who each signed-in client is, while its session lives (anonymous clients: nobody).
  const guard = new SessionGuard<Client>(options.sessions, (client) => client.close(), app.log);
  const ids = new ClientIdOwners<Client>();
  // Topics private to the user their key names (a chat key's): the rules, and the owner of
  // each such topic a client was allowed to subscribe to. A key never changes hands, so
  // an owner once found stays right; a topic nobody was allowed never reaches anyone.
  const rules: PrivateTopicRule[] = [];
  const keyedOwners = new Map<string, string>();
  const ruleFor = (topic: string) => rules.find((rule) => topic.startsWith(rule.prefix));
  const broker = await Aedes.createBroker({
    keepaliveLimit: KEEPALIVE_LIMIT_SECONDS,
    drainTimeout: DRAIN_TIMEOUT_MS,
    // A will is a publish by the client when it drops; browsers may not publish at all.
    preConnect: (_client, packet, done) => done(null, !packet.will),
    authenticate: (client, username, password, done) => {
      const admit = (principal: SessionPrincipal | null) => {
        if (client.closed) return done(null, false);
        if (!ids.claim(client.id, client, principal?.userId ?? null)) {
          return done(refusal(IDENTIFIER_REJECTED, 'client id held by another user'), false);
        }
        if (principal) guard.signIn(client, principal);
        done(null, true);
      };
      const presented = presentedToken(username, password);
      if (!presented) return admit(null);
      options.sessions.authenticate(presented.token).then(
        (principal) => {
          if (principal || !presented.required) return admit(principal);
          done(refusal(BAD_CREDENTIALS, 'invalid access token'), false);
        },
        // The session store did not answer: "server unavailable", so the client retries.
        (cause: unknown) => done(refusal(SERVER_UNAVAILABLE, 'sessions unavailable', cause), false),
      );
    },
    authorizeSubscribe: (client, subscription, done) => {
      const rule = ruleFor(subscription.topic);
      if (rule) {
        const user = guard.userOf(client);
        const key = subscription.topic.slice(rule.prefix.length);
        // A wildcard or another user's key is refused like an unknown one.
        if (user === null || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) return done(null, null);
        void rule
          .ownerOf(key)
          .then(async (owner) => owner === user && (await guard.confirm(client)))
          .then(
            (allowed) => {
              if (allowed) keyedOwners.set(subscription.topic, user);
              done(null, allowed ? subscription : null);
            },
            () => done(null, null),
          );
        return;
      }
      // null refuses the one topic (SUBACK 0x80) and keeps the connection.
      if (!maySubscribe(subscription.topic, guard.userOf(client))) return done(null, null);
      if (privateTopicOwner(subscription.topic) === null) return done(null, subscription);
      // A user's own topic: the session is asked again, not taken from the connect.
      void guard.confirm(client).then((live) => done(null, live ? subscription : null));
    },
    // Asked for every message to every client: a private topic only reaches its user's
    // clients whose session still lives, also a resumed persistent subscription.
    authorizeForward: (client, packet) => {
      if (ruleFor(packet.topic)) {
        const keyed = keyedOwners.get(packet.topic);
        return keyed !== undefined && guard.mayRead(client, keyed) ? packet : null;
      }
      const owner = privateTopicOwner(packet.topic);
      return owner === null || guard.mayRead(client, owner) ? packet : null;
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
    guard.connect(client);
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
    guard.disconnect(client);
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
    const client = broker.handle(stream, request.raw);
    stream.on('close', () => ids.release(client.id, client));
  });

  return {
    guardsUserTopics: true,
    guardTopics: (rule) => void rules.push(rule),
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
    close: () => {
      guard.stop();
      return new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
