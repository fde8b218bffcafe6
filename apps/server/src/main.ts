import { buildPlatform } from './app.ts';
import { ConfigError, loadConfig } from './kernel/config.ts';
import { followUntilLeading } from './standby.ts';
import {
  DEMO_BALANCES,
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATORS,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './modules/demo/index.ts';
import { VERSION } from './version.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig(process.env, VERSION);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // With the journal in PostgreSQL, a second process started the same way is a hot
  // standby: it serves once the leader stops. One that lost its lead must end at once,
  // since another process leads by then (a supervisor starts it again, as a standby).
  const stopFor = (what: string) => (error: Error) => {
    console.error(`${what} (${error.message}): stopping`);
    process.exit(1);
  };
  // An API process (ROLE=api) serves at once, its engine a replica of the leader's.
  const engineStandby =
    config.engineStore === 'postgres' && config.role !== 'api'
      ? await followUntilLeading(
          config,
          (message) => console.log(message),
          stopFor('engine lead lost'),
        )
      : undefined;
  const { app, database, servesWebApp } = await buildPlatform(
    config,
    engineStandby
      ? { engineStandby, onEngineFailure: stopFor('the engine journal could not be written') }
      : config.role === 'api'
        ? { onEngineFailure: stopFor('the engine replica could not follow the journal') }
        : {},
  );
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.driver === 'sqlite' ? `sqlite in ${config.dataDir}` : 'postgres',
      engineStore: config.engineStore,
      role: config.role,
      webApp: servesWebApp ? config.webDist : 'not built',
    },
    `${config.brand} ${VERSION} is up at ${address} (API docs at ${address}/api/docs)`,
  );
  if (config.demoMode) {
    app.log.info(
      `Demo mode: log in as ${DEMO_USERS.map((u) => u.email).join(' or ')} with password ` +
        `${DEMO_PASSWORD} (funded with ${DEMO_BALANCES.map(([a, n]) => `${n} ${a}`).join(', ')}); ` +
        'with no SMTP_URL, codes for new sign-ups are printed in this log',
    );
    app.log.info(
      `Demo operators at ${address}/ops: ${DEMO_OPERATORS.map((o) => `${o.email} (${o.role})`).join(', ')}; ` +
        `one-time password ${DEMO_OPERATOR_PASSWORD} (the first sign-in sets a new password and an authenticator)`,
    );
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('Meridian failed to start:', error);
  process.exit(1);
});
