import type { Cluster } from './cluster.ts';

/**
 * Each user's open sockets across every process of the deployment, for the per-user cap:
 * a new socket beyond it closes the user's oldest, wherever that one is.
 */
export interface SocketRegistry {
  /**
   * Counts a newly admitted socket. Answers the sockets (of any process) now beyond the
   * cap, oldest first: they are no longer counted and must close.
   */
  admit(userId: string, socketId: string): Promise<string[]>;
  /** A socket closed. */
  remove(userId: string, socketId: string): Promise<void>;
  /** Calls `close` with the ids of this process's sockets another process replaced. */
  onReplaced(close: (socketIds: string[]) => void): void;
}

/**
 * A user's set outlives their last admission this long: a deployment that stopped leaves
 * nothing behind for good (a socket open longer merely stops counting).
 */
const SOCKETS_KEPT_MS = 24 * 3600_000;

// One sorted set per user (member `<process>|<socket>`, score the admission time), checked
// against the cluster's hash of live processes (process -> the time its liveness lapses):
// sockets of a process that stopped beating (killed) are dropped at the next admission.
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local owner = string.match(member, '^([^|]+)|')
  local lapses = redis.call('HGET', KEYS[2], owner)
  if not lapses or tonumber(lapses) < now then redis.call('ZREM', KEYS[1], member) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then return {} end
local out = redis.call('ZRANGE', KEYS[1], 0, over - 1)
redis.call('ZREM', KEYS[1], unpack(out))
return out
`;

/**
 * The registry in Redis. A killed process's sockets stop counting against their users'
 * caps once it has missed its beats (`cluster.ts`).
 */
export function sharedSocketRegistry(
  cluster: Cluster,
  options: { maxPerUser: number; onError: (error: unknown) => void },
): SocketRegistry {
  const redis = cluster.redis!;
  const processes = cluster.processesKey;
  const userKey = (userId: string) => `${cluster.keyPrefix}sockets:${userId}`;
  const member = (socketId: string) => `${cluster.processId}|${socketId}`;
  // This process's counted sockets: after a gap in the messages, each is looked up, and
  // those another process replaced meanwhile close then.
  const own = new Map<string, string>();
  const closers: Array<(socketIds: string[]) => void> = [];
  const closeHere = (socketIds: string[]) => {
    for (const id of socketIds) own.delete(id);
    if (socketIds.length === 0) return;
    for (const close of closers) close(socketIds);
  };
  cluster.subscribe('sockets-replaced', (message) => {
    const replaced = JSON.parse(message) as Array<{ owner: string; id: string }>;
    closeHere(replaced.filter((r) => r.owner === cluster.processId).map((r) => r.id));
  });
  cluster.onGap(() => {
    const counted = [...own];
    Promise.all(counted.map(([id, userId]) => redis.zscore(userKey(userId), member(id))))
      .then((scores) => closeHere(counted.filter((_, i) => scores[i] === null).map(([id]) => id)))
      .catch(options.onError);
  });

  return {
    async admit(userId, socketId) {
      const over = (await redis.eval(
        ADMIT,
        2,
        userKey(userId),
        processes,
        member(socketId),
        options.maxPerUser,
        SOCKETS_KEPT_MS,
      )) as string[];
      own.set(socketId, userId);
      const replaced = over.map((m) => ({
        owner: m.slice(0, m.indexOf('|')),
        id: m.slice(m.indexOf('|') + 1),
      }));
      const elsewhere = replaced.filter((r) => r.owner !== cluster.processId);
      if (elsewhere.length > 0) {
        await cluster.publish('sockets-replaced', JSON.stringify(elsewhere));
      }
      const here = replaced.filter((r) => r.owner === cluster.processId).map((r) => r.id);
      for (const id of here) own.delete(id);
      return here;
    },
    async remove(userId, socketId) {
      own.delete(socketId);
      await redis.zrem(userKey(userId), member(socketId));
    },
    onReplaced: (close) => void closers.push(close),
  };
}
