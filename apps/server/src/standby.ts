import { EngineStandby } from './engine/standby.ts';
import { PgEngineStore } from './engine/store/pg-store.ts';
import type { Config } from './kernel/config.ts';
import { applyMigrations, openDatabase } from './kernel/db/database.ts';
import { migrations } from './migrations.ts';
import { GENESIS_ENGINE_CONFIG } from './modules/markets/index.ts';

/**
 * The start of a process whose engine journal is in PostgreSQL (ENGINE_STORE=postgres):
 * it follows the journal as a hot standby until the leader's lock is free, then hands its
 * standby, now holding the lead, to the platform.
 *
 * A standby does not listen on PORT at all. A proxy in front (deploy/nginx.conf) then
 * finds its connection refused, which it may pass to the other process for any request,
 * an order included, because nothing was sent; an answer such as 503 would have been
 * "sent", and a proxy may not retry a POST after that without risking a second order.
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
  if (await standby.tryLead()) return standby;
  log(
    `standby: another process leads; following its engine journal (at command ${standby.seq}), ` +
      `not listening on ${config.host}:${config.port} until the lead is free`,
  );
  await standby.waitForLead();
  log(`standby: the lead is free; taking over from command ${standby.seq}`);
  return standby;
}
