import { afterEach, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { localCluster } from '../../../kernel/cluster/cluster.ts';
import { createSessionService } from '../sessions.ts';
import { auth, call, registerByEmail, startAccounts } from '../../../../test/accounts-helpers.ts';

// Sessions are remembered in memory after the first lookup; a remembered token must still
// stop working the moment it is revoked, rotated away or expired.
let platform: Platform | undefined;
afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

async function start() {
  const started = await startAccounts();
  platform = started.platform;
  return started;
}

const getInfo = (app: Platform['app'], token: string) =>
  call(app, 'POST', '/api/user/getInfo', undefined, auth(token));

it('a token in use stops working at once when its refresh token rotates', async () => {
  const { app } = await start();
  const first = await registerByEmail(app, 'cache-a@example.org');
  expect((await getInfo(app, first.token)).status).toBe(200);
  const rotated = await call(app, 'POST', '/api/user/refreshToken', {
    refreshToken: first.refreshToken,
  });
  expect(rotated.status).toBe(200);
  expect((await getInfo(app, first.token)).status).toBe(401);
  expect((await getInfo(app, rotated.body.data.token)).status).toBe(200);
});

it('a token in use stops working once it expires', async () => {
  const { app, clock } = await start();
  const session = await registerByEmail(app, 'cache-b@example.org');
  expect((await getInfo(app, session.token)).status).toBe(200);
  clock.advance(8 * 24 * 3600 + 1);
  expect((await getInfo(app, session.token)).status).toBe(401);
});

it('a lookup running while the session is revoked does not keep it alive', async () => {
  const { platform: p, clock } = await start();
  const sessions = createSessionService(p.database.db, clock, localCluster());
  const session = await registerByEmail(p.app, 'cache-c@example.org');
  const during = sessions.authenticate(session.token);
  await sessions.revokeUser(session.userInfo.id, 'test');
  await during;
  expect(await sessions.authenticate(session.token)).toBeNull();
});

it('revoking one session leaves the user’s other sessions working', async () => {
  const { platform: p, clock } = await start();
  const sessions = createSessionService(p.database.db, clock, localCluster());
  const session = await registerByEmail(p.app, 'cache-d@example.org');
  const principal = await sessions.authenticate(session.token);
  const other = await sessions.open(session.userInfo.id, principal!.deviceId);
  expect(await sessions.authenticate(other.token)).not.toBeNull();
  await sessions.revokeSession(principal!.sessionId, 'logout');
  expect(await sessions.authenticate(session.token)).toBeNull();
  expect(await sessions.authenticate(other.token)).not.toBeNull();
});
