import type { FastifyInstance } from 'fastify';
import { USER_CHANNEL, USER_SOCKET_CLOSE, type UserEvent } from '@meridian/contract';
import { canonicalPrefix, userSocketPath } from '@meridian/contract';
import type { KeyAuthority, SignatureChecker } from '../http/signed-request.ts';
import type { SessionAuthority } from '../sessions.ts';
import {
  DEFAULT_USER_SOCKET_LIMITS,
  UserConnection,
  type UserSocketLimits,
} from './user-connection.ts';
import { ensureWebSocketSupport } from './websocket-support.ts';
import type { SocketRegistry } from '../cluster/socket-registry.ts';

export interface UserSocketOptions {
  sessions: SessionAuthority;
  /** API keys: a signed login opens a socket, and each heartbeat asks whether it lives. */
  apiKeys: KeyAuthority;
  checkSignature: SignatureChecker;
  /** Overrides of the per-connection limits and timings (tests use short ones). */
  limits?: Partial<UserSocketLimits>;
  /**
   * Counts each user's sockets across the deployment's processes for `maxPerUser`
   * (`cluster/socket-registry.ts`); without it, the count is this process's alone.
   */
  registry?: SocketRegistry;
}

export interface UserSocket {
  /** Sends one event to every open socket of `userId`, and to nobody else. */
  publish(userId: string, event: UserEvent): void;
  /** Authenticated sockets, for figures and tests. */
  stats(): { users: number; connections: number };
}

/** A key-opened socket's session id: the key's id behind this prefix. */
const KEY_PREFIX = 'apikey:';

/**
 * The user socket at `/ws/coin/:userId` (seed section 7; protocol in the contract's
 * realtime module). Call before `app.ready()`; everything it starts stops with
 * `app.close()`.
 */
export async function registerUserSocket(
  app: FastifyInstance,
  options: UserSocketOptions,
): Promise<UserSocket> {
  const limits: UserSocketLimits = { ...DEFAULT_USER_SOCKET_LIMITS, ...options.limits };
  await ensureWebSocketSupport(app);
  const { registry } = options;
  const pending = new Set<UserConnection>();
  // Each user's authenticated sockets in the order they were admitted, oldest first.
  const byUser = new Map<string, Set<UserConnection>>();
  // The registry's names for this process's admitted sockets.
  const ids = new Map<UserConnection, string>();
  const byId = new Map<string, UserConnection>();
  let admitted = 0;
  const registryError = (error: unknown) =>
    app.log.warn({ err: error }, 'user socket: shared registry');

  const remove = (connection: UserConnection) => {
    pending.delete(connection);
    const own = byUser.get(connection.userId);
    if (own?.delete(connection) && own.size === 0) byUser.delete(connection.userId);
    const id = ids.get(connection);
    if (id === undefined) return;
    ids.delete(connection);
    byId.delete(id);
    registry?.remove(connection.userId, id).catch(registryError);
  };

  const replace = (connection: UserConnection) => {
    remove(connection);
    connection.close(USER_SOCKET_CLOSE.replaced, 'too many sockets for this user');
  };

  const admit = (connection: UserConnection) => {
    pending.delete(connection);
    let own = byUser.get(connection.userId);
    if (!own) byUser.set(connection.userId, (own = new Set()));
    own.add(connection);
    for (const oldest of own) {
      if (own.size <= limits.maxPerUser) break;
      replace(oldest);
    }
    if (!registry || !own.has(connection)) return;
    const id = `s${++admitted}`;
    ids.set(connection, id);
    byId.set(id, connection);
    // The same cap over every process: the oldest socket beyond it closes, wherever it is.
    registry
      .admit(connection.userId, id)
      .then((over) => {
        for (const oldest of over) {
          const replaced = byId.get(oldest);
          if (replaced) replace(replaced);
        }
      })
      .catch(registryError);
  };
  registry?.onReplaced((over) => {
    for (const id of over) {
      const replaced = byId.get(id);
      if (replaced) replace(replaced);
    }
  });

  // A logout or password change revokes sessions in the database; the sockets opened
  // with them learn of it here, within one heartbeat.
  let checking = false;
  let again = false;
  const recheckSessions = async (): Promise<void> => {
    if (checking) {
      // A revocation landed mid-pass: it gets a pass of its own after this one.
      again = true;
      return;
    }
    checking = true;
    try {
      const open = [...byUser.values()].flatMap((own) => [...own]);
      if (open.length === 0) return;
      // A session's socket lives with its session; a key's with its key.
      const ids = [...new Set(open.map((c) => c.principal!.sessionId))];
      const keyIds = ids
        .filter((id) => id.startsWith(KEY_PREFIX))
        .map((id) => id.slice(KEY_PREFIX.length));
      const [live, liveKeys] = await Promise.all([
        options.sessions.liveSessions(ids.filter((id) => !id.startsWith(KEY_PREFIX))),
        keyIds.length > 0 ? options.apiKeys.liveKeys(keyIds) : Promise.resolve(new Set<string>()),
      ]);
      for (const key of liveKeys) live.add(`${KEY_PREFIX}${key}`);
      for (const connection of open) {
        if (!live.has(connection.principal!.sessionId)) {
          remove(connection);
          connection.close(USER_SOCKET_CLOSE.unauthorized, 'session ended');
        }
      }
    } catch (error) {
      // Keep the sockets: a database hiccup is not a logout; the next heartbeat checks again.
      app.log.warn({ err: error }, 'user socket: session check failed');
    } finally {
      checking = false;
    }
    if (again) {
      again = false;
      await recheckSessions();
    }
  };

  // A revocation in this process closes its sockets at once, not at the next heartbeat.
  options.sessions.onRevoked(() => void recheckSessions());

  const sweep = setInterval(() => {
    const now = performance.now();
    for (const connection of pending) connection.beat(now);
    for (const own of byUser.values()) for (const connection of own) connection.beat(now);
    void recheckSessions();
  }, limits.heartbeatMs);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });

  app.get<{ Params: { userId: string } }>(
    '/ws/coin/:userId',
    { websocket: true },
    (socket, request) => {
      const log = request.log.child({ socket: 'user' });
      const connection = new UserConnection(
        request.params.userId,
        socket,
        {
          authenticate: (token) => options.sessions.authenticate(token),
          authenticateKey: async (login) => {
            const key = await options.checkSignature({
              apiKey: login.apiKey,
              timestamp: login.timestamp,
              recvWindow: login.recvWindow,
              signature: login.signature,
              ip: request.ip,
              scope: 'read',
              canonical: async () =>
                Buffer.from(
                  canonicalPrefix({
                    timestamp: login.timestamp,
                    method: 'GET',
                    path: userSocketPath(request.params.userId),
                    query: '',
                  }),
                  'utf8',
                ),
            });
            await options.apiKeys.used(key.keyId);
            return {
              userId: key.userId,
              sessionId: `${KEY_PREFIX}${key.keyId}`,
              deviceId: '',
              apiKeyId: key.keyId,
            };
          },
          admit,
        },
        limits,
        log,
      );
      pending.add(connection);
      socket.on('message', (data, isBinary) => {
        connection.receive(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data));
      });
      socket.on('close', () => {
        remove(connection);
        connection.dispose();
      });
      socket.on('error', (error) => log.debug({ err: error }, 'user socket error'));
    },
  );

  return {
    publish(userId, event) {
      const own = byUser.get(userId);
      if (!own) return;
      const text = JSON.stringify({ channel: USER_CHANNEL, data: event });
      for (const connection of own) if (connection.ready) connection.send(text);
    },
    stats: () => ({
      users: byUser.size,
      connections: [...byUser.values()].reduce((n, own) => n + own.size, 0),
    }),
  };
}
