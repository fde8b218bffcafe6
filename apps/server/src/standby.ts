import http from 'node:http';
import {
  DEFAULT_LANGUAGE,
  formatMessage,
  languageFromAcceptHeader,
  normalizeLanguage,
} from '@meridian/contract';
import { EngineStandby } from './engine/standby.ts';
import { PgEngineStore } from './engine/store/pg-store.ts';
import type { Config } from './kernel/config.ts';
import { applyMigrations, openDatabase } from './kernel/db/database.ts';
import { migrations } from './migrations.ts';
import { GENESIS_ENGINE_CONFIG } from './modules/markets/index.ts';

/**
 * The start of a process whose engine journal is in PostgreSQL (ENGINE_STORE=postgres):
 * it follows the journal as a hot standby and answers every request with 503 `standby`
 * (so a load balancer sends traffic to the leader), until the leader's lock is free.
 * Then it stops answering and hands its standby, now holding the lead, to the platform.
 *
 * `onLeadLost` runs if the lead is later lost (the journal connection broke): the
 * process must end, since another one may lead by then.
 */
export async function followUntilLeading(
  config: Config,
  log: (message: string) => void,
  onLeadLost: (error: Error) => void,
): Promise<EngineStandby> {
  // The journal's tables come with the migrations; the platform's start re-checks them.
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(database.db, migrations);
  } finally {
    await database.close();
  }
  const store = await PgEngineStore.open({ url: config.databaseUrl!, onLeadLost });
  const standby = await EngineStandby.open({ store, config: GENESIS_ENGINE_CONFIG });

  const server = http.createServer((request, reply) => {
    const lang =
      normalizeLanguage(request.headers.lang as string | undefined) ??
      languageFromAcceptHeader(request.headers['accept-language']) ??
      DEFAULT_LANGUAGE;
    reply.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    reply.end(
      JSON.stringify({
        code: 503,
        msg: formatMessage('standby', lang),
        data: { role: 'standby', seq: standby.seq },
      }),
    );
  });
  if (await standby.tryLead()) return standby;
  // Another process leads: answer as a standby until its lock is free.
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  log(
    `standby: following the engine journal (at command ${standby.seq}); ` +
      `this process serves when the leader stops`,
  );
  await standby.waitForLead();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  log(`standby: the lead is free; taking over from command ${standby.seq}`);
  return standby;
}
