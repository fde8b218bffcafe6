import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import type { PlatformOptions } from '../../../kernel/module.ts';
import {
  auth,
  call,
  latestCode,
  rememberPlatform,
  TestClock,
} from '../../../../test/accounts-helpers.ts';
import { tempDir, testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';

export { call, testDatabases };

export interface Started {
  platform: Platform;
  app: FastifyInstance;
  clock: TestClock;
  /** Stops this platform and starts another on the same database and data folder (a restart). */
  restart(): Promise<Started>;
  stop(): Promise<void>;
}

/**
 * A platform on a test database whose simulated chain makes blocks only when a test asks
 * (`platform.deposits.block()`).
 */
export async function startDeposits(
  kind: { create(): Promise<TestDatabase> },
  env: Record<string, string> = {},
  options: Pick<PlatformOptions, 'deposits'> = {},
): Promise<Started> {
  const created = await kind.create();
  const dataDir = tempDir();
  const clock = new TestClock();
  const config = testConfig({
    DEMO_MODE: 'true',
    MARKET_MAKERS: 'false',
    DATA_DIR: dataDir,
    DEPOSIT_BLOCK_MS: '0',
    ...env,
  });
  async function boot(): Promise<Started> {
    const database: Database = created.open();
    const platform = await buildPlatform(config, { logger: false, clock, database, ...options });
    await platform.app.ready();
    rememberPlatform(platform);
    const close = async () => {
      await platform.app.close();
      await database.close();
    };
    return {
      platform,
      app: platform.app,
      clock,
      async restart() {
        await close();
        return boot();
      },
      async stop() {
        await close();
        await created.dispose();
      },
    };
  }
  return boot();
}

let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.78.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A new signed-in user: their id and request headers. */
export async function newUser(app: FastifyInstance) {
  const email = `dep-${randomUUID().slice(0, 8)}@example.org`;
  const remoteAddress = nextAddress();
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const sent = await post('/api/user/sendEmailCode', { email, purpose: 'register' });
  if (sent.statusCode !== 200) throw new Error(`sendEmailCode: ${sent.body}`);
  const code = await latestCode(app, email);
  const res = await post('/api/user/register', {
    type: 'email',
    email,
    code,
    password: 'Secret123',
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const session = res.json().data as { token: string; userInfo: { id: string } };
  return { id: session.userInfo.id, headers: auth(session.token) };
}
