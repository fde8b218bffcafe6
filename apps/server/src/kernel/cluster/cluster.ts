import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** What one process tells the others; each channel's messages are documented where sent. */
export type ClusterChannel =
  'sessions-revoked' | 'sockets-replaced' | 'user-messages' | 'catalogue-changed';

/**
 * What platform processes share beyond the database. In the embedded default (one
 * process) it is this process alone: nothing to tell anyone, nothing to miss. With
 * `REDIS_URL` set, it is Redis: a message published here reaches every other process of
 * the deployment, and counters kept in Redis count across all of them.
 */
export interface Cluster {
  /** This process among the deployment's: random at each start. */
  readonly processId: string;
  /** Redis, when the deployment shares state through it. */
  readonly redis: Redis | undefined;
  /** Every key this deployment writes to Redis starts with it (one Redis, many deployments). */
  readonly keyPrefix: string;
  /** Sends `message` to the other processes' subscribers of `channel`. */
  publish(channel: ClusterChannel, message: string): Promise<void>;
  /** Calls `handler` with each message another process publishes on `channel`. */
  subscribe(channel: ClusterChannel, handler: (message: string) => void): void;
  /**
   * Calls `listener` when messages may have been missed: the subscription's connection
   * dropped and is back. Whoever keeps a cache of shared state drops it then.
   */
  onGap(listener: () => void): void;
  /**
   * Whether the process with this id still runs: this one always; another while it
   * keeps beating (every few seconds, in Redis); in the embedded default, none other.
   */
  alive(processId: string): Promise<boolean>;
  /** The hash of live processes (process -> when its liveness lapses, ms), in Redis. */
  readonly processesKey: string;
  /**
   * Whether messages from other processes reach this one now. While they may not (the
   * subscription is down), a cache that other processes invalidate must not answer.
   */
  listening(): boolean;
  close(): Promise<void>;
}

/** How often a process tells Redis it still runs. */
const BEAT_MS = 5_000;

// Sets this process's lapse time (Redis's clock, so processes' clocks need not agree) and
// drops the processes whose time has lapsed; the hash itself goes when none beats.
const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if tonumber(all[i + 1]) < now then redis.call('HDEL', KEYS[1], all[i]) end
end
return 1
`;

/** The embedded default: this process is the whole deployment. */
export function localCluster(): Cluster {
  const processId = randomUUID();
  return {
    processId,
    redis: undefined,
    keyPrefix: '',
    publish: async () => {},
    subscribe: () => {},
    onGap: () => {},
    alive: async (id) => id === processId,
    processesKey: '',
    listening: () => true,
    close: async () => {},
  };
}

/**
 * A deployment's processes through one Redis: a connection for commands and one for
 * subscriptions (Redis reserves a subscribed connection for messages). Both reconnect on
 * their own; commands issued meanwhile wait in ioredis's queue.
 */
export async function redisCluster(options: {
  url: string;
  deploymentId: string;
  log: FastifyBaseLogger;
}): Promise<Cluster> {
  const processId = randomUUID();
  const keyPrefix = `meridian:${options.deploymentId}:`;
  // Named so that Redis's CLIENT LIST tells which process and which role each one is.
  const named = (role: string) => ({
    lazyConnect: true,
    connectionName: `${keyPrefix}${processId}:${role}`,
  });
  const redis = new Redis(options.url, named('commands'));
  const subscriber = new Redis(options.url, named('subscriber'));
  for (const connection of [redis, subscriber]) {
    connection.on('error', (error: Error) => options.log.warn({ err: error }, 'redis'));
  }
  // A start fails on a Redis it cannot reach rather than serving without shared state.
  await Promise.all([redis.connect(), subscriber.connect()]);

  // Each process beats; one that missed three beats counts as gone (killed).
  const processesKey = `${keyPrefix}processes`;
  const beat = () => redis.eval(BEAT, 1, processesKey, processId, BEAT_MS * 3);
  await beat();
  const beating = setInterval(
    () => void beat().catch((error: unknown) => options.log.warn({ err: error }, 'redis beat')),
    BEAT_MS,
  );
  beating.unref();

  const handlers = new Map<ClusterChannel, Array<(message: string) => void>>();
  const gapListeners: Array<() => void> = [];
  let subscribed = true;
  const channelOf = (name: string) => `${keyPrefix}${name}`;

  subscriber.on('message', (channel: string, raw: string) => {
    const separator = raw.indexOf('\n');
    if (separator < 0 || raw.slice(0, separator) === processId) return;
    const name = channel.slice(keyPrefix.length) as ClusterChannel;
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(raw.slice(separator + 1));
      } catch (error) {
        options.log.error({ err: error, channel: name }, 'cluster message handler');
      }
    }
  });
  subscriber.on('close', () => {
    subscribed = false;
  });
  // ioredis subscribes again on reconnecting, before 'ready'.
  subscriber.on('ready', () => {
    if (subscribed) return;
    subscribed = true;
    options.log.warn('redis subscription back: dropping what may have been missed');
    for (const listener of gapListeners) listener();
  });

  return {
    processId,
    redis,
    keyPrefix,
    async publish(channel, message) {
      await redis.publish(channelOf(channel), `${processId}\n${message}`);
    },
    subscribe(channel, handler) {
      const own = handlers.get(channel);
      if (own) {
        own.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      void subscriber.subscribe(channelOf(channel)).catch((error: unknown) => {
        options.log.error({ err: error, channel }, 'redis subscribe');
      });
    },
    onGap: (listener) => void gapListeners.push(listener),
    async alive(id) {
      if (id === processId) return true;
      const [[, lapses], [, time]] = (await redis.multi().hget(processesKey, id).time().exec()) as [
        [unknown, string | null],
        [unknown, [string, string]],
      ];
      return lapses !== null && Number(lapses) > Number(time[0]) * 1000;
    },
    processesKey,
    listening: () => subscribed && subscriber.status === 'ready',
    async close() {
      subscribed = false;
      clearInterval(beating);
      await redis.hdel(processesKey, processId).catch(() => undefined);
      await Promise.all([subscriber.quit(), redis.quit()]);
    },
  };
}
