import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { ensureDeploymentFacts } from './db/platform-meta.ts';
import { registerDocs } from './http/docs.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerPlatformConfig } from './http/platform-config.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSystemCalls } from './http/system.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { createHealthService } from './services/health.ts';
import { registerWebApp } from './web/serve-web-app.ts';

export interface Platform {
  app: FastifyInstance;
  database: Database;
  /** Whether a built web app is being served. */
  servesWebApp: boolean;
}

export interface PlatformOptions {
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  logger?: boolean;
}

/**
 * Wires the platform: database (migrated), HTTP adapters, docs, runtime config and the
 * web app. Nothing listens yet; `main.ts` does that, tests use `app.inject`.
 */
export async function buildPlatform(
  config: Config,
  options: PlatformOptions = {},
): Promise<Platform> {
  const startedAt = new Date();
  const database =
    options.database ?? openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const facts = await ensureDeploymentFacts(database.db);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.satoken', 'req.headers.cookie'],
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  registerRequestContext(app);
  registerErrorHandling(app, config.bodyLimit);
  await registerDocs(app, config.brand, config.version);

  const health = createHealthService({
    database,
    version: config.version,
    deploymentId: facts.deploymentId,
    startedAt,
  });
  registerSystemCalls(app, config.head, health);
  registerPlatformConfig(app, config);
  const servesWebApp = await registerWebApp(app, config.webDist);

  return { app, database, servesWebApp };
}
