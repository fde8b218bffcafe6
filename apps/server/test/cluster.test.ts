import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSocketPath, USER_SOCKET_CLOSE } from '@meridian/contract';
import { buildPlatform, type Platform } from '../src/app.ts';
import { redisCluster, type Cluster } from '../src/kernel/cluster/cluster.ts';
import { createIntents } from '../src/kernel/cluster/intents.ts';
import { sharedReplays } from '../src/kernel/cluster/replay-memory.ts';
import { sharedSocketRegistry } from '../src/kernel/cluster/socket-registry.ts';
import { ensureDeploymentFacts } from '../src/kernel/db/platform-meta.ts';
import { createIdempotency } from '../src/kernel/http/idempotency.ts';
import { deferredKeyAuthority, signatureChecker } from '../src/kernel/http/signed-request.ts';
import { registerUserSocket } from '../src/kernel/realtime/user-socket.ts';
import { deferredAuthority } from '../src/kernel/sessions.ts';
import { createSessionService, type SessionService } from '../src/modules/identity/sessions.ts';
import { auth, call, registerByEmail, rememberPlatform, TestClock } from './accounts-helpers.ts';
import { testConfig } from './helpers.ts';
import { TestSocket } from './realtime/ws-helpers.ts';

// Two processes of one deployment, sharing its database and one Redis (REDIS_URL).
// Process A is a whole platform; process B is what a second API process holds of the same
// concerns: its own session service (its own memory of sessions), its own user socket and
// its own connections to Redis. Runs where TEST_REDIS_URL is set (CI sets it).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('processes sharing one Redis', () => {
  const clock = new TestClock();
  let a: Platform;
  let aBase: string;
  let b: { cluster: Cluster; sessions: SessionService; app: FastifyInstance; base: string };
  let admin: Redis;
  const sockets: TestSocket[] = [];

  async function listen(app: FastifyInstance): Promise<string> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `ws://127.0.0.1:${address.port}`;
  }

  beforeAll(async () => {
    a = await buildPlatform(testConfig({ REDIS_URL: redisUrl!, MARKET_MAKERS: 'false' }), {
      logger: false,
      clock,
      userSocket: { heartbeatMs: 60_000, maxPerUser: 2 },
    });
    rememberPlatform(a);
    aBase = await listen(a.app);
    const facts = await ensureDeploymentFacts(a.database.db);
    const app = Fastify({ logger: false });
    const cluster = await redisCluster({
      url: redisUrl!,
      deploymentId: facts.deploymentId,
      log: app.log,
    });
    const sessions = createSessionService(a.database.db, clock, cluster);
    const authority = deferredAuthority();
    authority.install(sessions);
    const keys = deferredKeyAuthority();
    await registerUserSocket(app, {
      sessions: authority,
      apiKeys: keys,
      checkSignature: signatureChecker(keys, clock),
      // A heartbeat far away: whatever closes a socket in these tests is the cluster.
      limits: { heartbeatMs: 60_000, maxPerUser: 2 },
      registry: sharedSocketRegistry(cluster, { maxPerUser: 2, onError: () => {} }),
    });
    b = { cluster, sessions, app, base: await listen(app) };
    admin = new Redis(redisUrl!);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.app.close();
    await b?.cluster.close();
    await a?.app.close();
    await admin?.quit();
  });

  async function signedIn(base: string, userId: string, token: string): Promise<TestSocket> {
    const socket = await TestSocket.open(`${base}${userSocketPath(userId)}`);
    sockets.push(socket);
    socket.send({ op: 'auth', token });
    await socket.waitFor((m) => JSON.stringify(m.data) === '{"type":"ready"}');
    return socket;
  }

  const getInfo = (token: string) =>
    call(a.app, 'POST', '/api/user/getInfo', undefined, auth(token));

  it("a logout in one process ends the session's calls and sockets in the other at once", async () => {
    const user = await registerByEmail(a.app, 'cluster-logout@example.org');
    const device = (await b.sessions.authenticate(user.token))!.deviceId;
    // Signed in through B, used through A: A now remembers the session.
    const tokens = await b.sessions.open(user.userInfo.id, device);
    expect((await getInfo(tokens.token)).status).toBe(200);
    const onA = await signedIn(aBase, user.userInfo.id, tokens.token);
    const other = await signedIn(aBase, user.userInfo.id, user.token);

    const principal = (await b.sessions.authenticate(tokens.token))!;
    await b.sessions.revokeSession(principal.sessionId, 'logout');

    expect((await onA.waitClosed(1000)).code).toBe(USER_SOCKET_CLOSE.unauthorized);
    expect((await getInfo(tokens.token)).status).toBe(401);
    // The user's other session, on the same process, lives on.
    expect((await getInfo(user.token)).status).toBe(200);
    expect(other.closed).toBeNull();
  });

  it('a token refreshed in one process stops working in the other', async () => {
    const user = await registerByEmail(a.app, 'cluster-refresh@example.org');
    expect((await getInfo(user.token)).status).toBe(200);
    const rotated = await b.sessions.refresh(user.refreshToken);
    // Told through Redis, so within milliseconds rather than in the same instant.
    await expect.poll(async () => (await getInfo(user.token)).status, { timeout: 1000 }).toBe(401);
    expect((await getInfo(rotated.token)).status).toBe(200);
  });

  it('while messages may be missed, a process asks the database; after, it forgets', async () => {
    const user = await registerByEmail(a.app, 'cluster-gap@example.org');
    expect((await getInfo(user.token)).status).toBe(200);
    // Every subscription connection drops (as when Redis restarts); the revocation below
    // is written where no message announces it.
    const ours = ((await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string)
      .split('\n')
      .filter((line) => line.includes(`name=${b.cluster.keyPrefix}`))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    expect(ours).toHaveLength(2);
    for (const id of ours) await admin.client('KILL', 'ID', id);
    await a.database.db
      .updateTable('sessions' as never)
      .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' } as never)
      .where('user_id' as never, '=', user.userInfo.id as never)
      .execute();
    await expect.poll(async () => (await getInfo(user.token)).status, { timeout: 1000 }).toBe(401);
    // Both processes subscribe again on their own.
    await expect
      .poll(
        async () =>
          ((await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string)
            .split('\n')
            .filter((line) => line.includes(`name=${b.cluster.keyPrefix}`)).length,
        { timeout: 5000 },
      )
      .toBe(2);
  });

  it("a user's sockets are capped across processes: the oldest closes wherever it is", async () => {
    const user = await registerByEmail(a.app, 'cluster-cap@example.org');
    const first = await signedIn(aBase, user.userInfo.id, user.token);
    const second = await signedIn(aBase, user.userInfo.id, user.token);
    const third = await signedIn(b.base, user.userInfo.id, user.token);
    expect((await first.waitClosed(1000)).code).toBe(USER_SOCKET_CLOSE.replaced);
    expect(second.closed).toBeNull();
    expect(third.closed).toBeNull();
  });

  it('a signed request is accepted by one process only, however many see it at once', async () => {
    const other = await redisCluster({
      url: redisUrl!,
      deploymentId: b.cluster.keyPrefix.split(':')[1]!,
      log: b.app.log,
    });
    try {
      const now = Date.now();
      const signature = `sig-${now}`;
      const memories = [sharedReplays(b.cluster), sharedReplays(other)];
      const answers = await Promise.all(
        [0, 1, 0, 1].map((i) => memories[i]!.admit('key-1', signature, now + 5000, now)),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
      // Another signature of the same key is not a replay.
      expect(await memories[1]!.admit('key-1', `${signature}-2`, now + 5000, now)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a key in progress on a live process is refused elsewhere, and recovered once it is gone', async () => {
    const db = a.database.db;
    const deploymentId = b.cluster.keyPrefix.split(':')[1]!;
    const owner = await redisCluster({ url: redisUrl!, deploymentId, log: b.app.log });
    const other = createIdempotency(db, Date.now, b.cluster);
    // The owner's request is still running (its work never ends here).
    void createIdempotency(db, Date.now, owner).run(
      'u-idem',
      'k1',
      'spot.place',
      () => new Promise<never>(() => {}),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const recover = async () => 'order 9';
    await expect(
      other.run('u-idem', 'k1', 'spot.place', async () => 'again', { recover }),
    ).rejects.toMatchObject({ messageId: 'idempotencyInProgress' });
    // Its process ends (a kill: its beats stop; here its entry goes at once).
    await owner.close();
    expect(await other.run('u-idem', 'k1', 'spot.place', async () => 'again', { recover })).toBe(
      'order 9',
    );
  });

  it('the leader leaves a living API process its half-done work and finishes it once that process is gone', async () => {
    const deploymentId = b.cluster.keyPrefix.split(':')[1]!;
    const api = await redisCluster({ url: redisUrl!, deploymentId, log: b.app.log });
    let gone = false;
    const claimedBy = createIntents({
      cluster: api,
      now: Date.now,
      leads: false,
      onError: () => {},
    }).claim();
    const pending = new Map([['w-1', { id: 'w-1', ...claimedBy }]]);
    const finished: string[] = [];
    const leader = createIntents({
      cluster: b.cluster,
      now: Date.now,
      leads: true,
      everyMs: 3_600_000,
      onError: () => {},
    });
    try {
      await leader.resume('withdrawals', {
        pending: async () => [...pending.values()],
        finish: async (row) => {
          finished.push(row.id);
          pending.delete(row.id);
        },
      });
      expect(finished).toEqual([]);
      // Killed: its beats stop (here its entry goes at once).
      await api.close();
      gone = true;
      await leader.sweep();
      expect(finished).toEqual(['w-1']);
    } finally {
      await leader.stop();
      if (!gone) await api.close();
    }
  });

  it("rate limits are counted in Redis, under the deployment's prefix", async () => {
    await call(a.app, 'POST', '/api/user/login', {
      email: 'nobody@example.org',
      password: 'Secret123',
    });
    const keys = await admin.keys(`${b.cluster.keyPrefix}rate:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
