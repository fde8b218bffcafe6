import { describe, expect, it } from 'vitest';
import { SessionGuard } from '../../src/kernel/realtime/mqtt/session-guard.ts';

const log = { warn: () => undefined } as never;

describe('MQTT session guard', () => {
  it('stops private deliveries as soon as the session is found ended, even before the close', async () => {
    const live = new Set(['s1', 's2']);
    const ended: object[] = [];
    // A close that has not happened yet: the client is still there when deliveries ask.
    const guard = new SessionGuard<object>(
      { liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))) },
      (client) => ended.push(client),
      log,
      60_000,
    );
    const revoked = {};
    const kept = {};
    guard.signIn(revoked, { userId: 'u', sessionId: 's1' });
    guard.signIn(kept, { userId: 'u', sessionId: 's2' });
    guard.connect(revoked);
    guard.connect(kept);
    expect(guard.mayRead(revoked, 'u')).toBe(true);
    expect(guard.mayRead(kept, 'other')).toBe(false);

    live.delete('s1');
    await guard.check();
    expect(ended).toEqual([revoked]);
    expect(guard.mayRead(revoked, 'u')).toBe(false);
    expect(guard.userOf(revoked)).toBeNull();
    expect(guard.mayRead(kept, 'u')).toBe(true);
    expect(await guard.confirm(revoked)).toBe(false);
    guard.stop();
  });

  it('keeps the clients when the session store does not answer', async () => {
    const ended: object[] = [];
    const guard = new SessionGuard<object>(
      { liveSessions: async () => Promise.reject(new Error('database down')) },
      (client) => ended.push(client),
      log,
      60_000,
    );
    const client = {};
    guard.signIn(client, { userId: 'u', sessionId: 's1' });
    guard.connect(client);
    await guard.check();
    expect(ended).toEqual([]);
    expect(guard.mayRead(client, 'u')).toBe(true);
    // A subscription is not granted on a check that could not be made.
    expect(await guard.confirm(client)).toBe(false);
    expect(guard.mayRead(client, 'u')).toBe(true);
    guard.stop();
  });
});
