import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import { randomUUID } from 'node:crypto';
import { formatMessage } from '@meridian/contract';
import type { EngineConfig } from '@meridian/core';
import { connect } from '@nats-io/transport-node';
import type { EngineFront } from '../engine/engine-front.ts';
import { EngineHost } from '../engine/engine-host.ts';
import { openEngineFollower, openTradingEngine } from '../engine/open-engine.ts';
import { serveEngineCommands } from '../engine/remote/command-server.ts';
import { engineSubjects } from '../engine/remote/protocol.ts';
import { systemClock } from './clock.ts';
import { localCluster, redisCluster } from './cluster/cluster.ts';
import { createIntents } from './cluster/intents.ts';
import { sharedReplays } from './cluster/replay-memory.ts';
import { sharedSocketRegistry } from './cluster/socket-registry.ts';
import { fanOutUserMessages } from './cluster/user-fanout.ts';
import type { Config } from './config.ts';
import { applyMigrations, openDatabase } from './db/database.ts';
import { ensureDeploymentFacts } from './db/platform-meta.ts';
import type { KernelTables } from './db/schema.ts';
import { AppError } from './errors.ts';
import { installSessionAuth } from './http/auth.ts';
import { installOperatorAuth } from './http/operator-auth.ts';
import { createAuditLog } from './operators/audit.ts';
import { deferredOperatorAuthority } from './operators/authority.ts';
import {
  deferredKeyAuthority,
  installSignedAuth,
  signatureChecker,
} from './http/signed-request.ts';
import { registerCompression } from './http/compression.ts';
import { registerDocs } from './http/docs.ts';
import { answerClientError, registerErrorHandling } from './http/error-handler.ts';
import { createIdempotency } from './http/idempotency.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { serveHealthOnly } from './http/health-only.ts';
import { languageFrom, registerRequestContext } from './http/request-context.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { responseSerializer, validatesResponsesByDefault } from './http/serialization.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { createDelivery } from './mail/delivery.ts';
import type { ComponentProbe, Kernel, PlatformOptions, ProbedComponent } from './module.ts';
import { startBroker } from './realtime/mqtt/broker.ts';
import { DEFAULT_USER_SOCKET_LIMITS } from './realtime/user-connection.ts';
import { registerUserSocket } from './realtime/user-socket.ts';
import { deferredAuthority } from './sessions.ts';
import { loadTransportKeys } from './transport-crypto.ts';

/** How often idempotency keys past their 24 hours are deleted. */
const IDEMPOTENCY_PURGE_MS = 3600_000;

export interface KernelSetup {
  /** Every table's migrations: the kernel's, the engine's and each module's. */
  migrations: Record<string, Migration>;
  /** The assets and markets the engine trades. */
  engineConfig: EngineConfig;
}

/**
 * Starts what every module stands on: the database (migrated), the HTTP server with its
 * envelope, errors, docs and limits, the engine, mail, and the realtime transports.
 * Nothing listens yet.
 */
export async function startKernel(
  config: Config,
  setup: KernelSetup,
  options: PlatformOptions = {},
): Promise<Kernel> {
  const database =
    options.database ?? openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await applyMigrations(database.db, setup.migrations);
  const facts = await ensureDeploymentFacts(database.db);

  const requestLog = new OneLinePerRequest();
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
    logController: requestLog,
    requestIdHeader: false,
    return503OnClosing: true,
    // Refused by Node's HTTP parser before Fastify sees a request (431, 408, 400).
    clientErrorHandler: answerClientError,
    // A malformed URL or an over-long path parameter never reaches a route: answer it in
    // the envelope too.
    frameworkErrors: (_error, request, reply) => {
      const lang = languageFrom(request);
      const body = {
        code: 400,
        msg: `${formatMessage('validation', lang)}: path`,
        data: { reason: 'validation', field: 'path' },
      };
      // frameworkErrors' reply is typed for an unknown route; it is an ordinary reply.
      void (reply as unknown as FastifyReply)
        .code(400)
        .type('application/json')
        .send(JSON.stringify(body));
    },
  });
  installJsonBodyParser(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  const answersChecked = options.validateResponses ?? validatesResponsesByDefault();
  app.decorate('answersChecked', answersChecked);
  app.setSerializerCompiler(responseSerializer(answersChecked));
  const cluster = config.redisUrl
    ? await redisCluster({ url: config.redisUrl, deploymentId: facts.deploymentId, log: app.log })
    : localCluster();
  // API processes and the engine leader exchange commands over NATS (ROLE=api).
  const nats = config.natsUrl
    ? await connect({ servers: config.natsUrl, name: `meridian-${cluster.processId}` })
    : undefined;
  const subjects = engineSubjects(facts.deploymentId);
  const engine: EngineFront =
    config.role === 'api'
      ? await openEngineFollower({
          databaseUrl: config.databaseUrl!,
          config: setup.engineConfig,
          nats: nats!,
          subjects,
          log: app.log,
          clock: options.engineClock,
          onFailure: options.onEngineFailure,
        })
      : await openTradingEngine({
          dataDir: config.dataDir,
          config: setup.engineConfig,
          db: database.db,
          sqlite: database.sqlite,
          log: app.log,
          clock: options.engineClock,
          standby: options.engineStandby,
          onFailure: options.onEngineFailure,
        });
  // The leader with its journal in PostgreSQL sequences the API processes' commands.
  const commandServer =
    nats && engine instanceof EngineHost && options.engineStandby
      ? serveEngineCommands({
          host: engine,
          store: options.engineStandby.store,
          nats,
          subjects,
          log: app.log,
        })
      : undefined;
  // Modules stop first (the market stops sending orders); then the engine finishes what
  // is in flight and snapshots before the database goes.
  const stops: Array<() => void | Promise<void>> = [];
  app.addHook('onClose', async () => {
    for (const stop of stops.reverse()) await stop();
    await commandServer?.stop();
    await engine.close();
    await nats?.close();
    await cluster.close();
    if (!options.database) await database.close();
  });

  registerRequestContext(app);
  if (config.role === 'engine') serveHealthOnly(app);
  registerSecurityHeaders(app, config);
  registerErrorHandling(app, config.bodyLimit);
  // Before any route: compression applies to the routes registered after it.
  await registerCompression(app);
  await registerDocs(app, config.brand, config.version);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rateLimited'),
    // Counted across every process of the deployment; a Redis that fails lets calls through
    // (logins and codes have their own limits in the database).
    ...(cluster.redis
      ? { redis: cluster.redis, nameSpace: `${cluster.keyPrefix}rate:`, skipOnError: true }
      : {}),
  });

  const clock = options.clock ?? systemClock;
  const db: Kysely<KernelTables> = database.db;
  const sessions = deferredAuthority();
  installSessionAuth(app, sessions);
  const apiKeys = deferredKeyAuthority();
  // One checker (and one replay memory) for signed HTTP requests and signed socket logins.
  const checkSignature = signatureChecker(apiKeys, clock, sharedReplays(cluster));
  installSignedAuth(app, apiKeys, checkSignature, {
    bodyLimit: config.bodyLimit,
    perMinute: config.apiKeys.perMinute,
  });
  const operators = deferredOperatorAuthority();
  installOperatorAuth(app, operators);
  const socketLimits = { ...DEFAULT_USER_SOCKET_LIMITS, ...options.userSocket };
  const localUserSocket = await registerUserSocket(app, {
    sessions,
    apiKeys,
    checkSignature,
    limits: socketLimits,
    ...(cluster.redis
      ? {
          registry: sharedSocketRegistry(cluster, {
            maxPerUser: socketLimits.maxPerUser,
            onError: (error) => app.log.warn({ err: error }, 'user socket registry'),
          }),
        }
      : {}),
  });
  const localBroker = await startBroker(app, { sessions, mqttUrl: config.mqttUrl });
  const { userSocket, broker } = fanOutUserMessages(
    cluster,
    { userSocket: localUserSocket, broker: localBroker },
    {
      publishesPublicTopics: engine.leads || !config.mqttUrl,
      onError: (error) => app.log.warn({ err: error }, 'user message to other processes'),
    },
  );
  const probes: Partial<Record<ProbedComponent, ComponentProbe>> = { broker: broker.status };
  const idempotency = createIdempotency(db, () => clock.now().getTime(), cluster);
  if (engine.leads) {
    const purge = setInterval(() => {
      idempotency.purge().catch((error: unknown) => app.log.warn({ err: error }, 'key purge'));
    }, IDEMPOTENCY_PURGE_MS);
    purge.unref();
    stops.push(() => clearInterval(purge));
  }
  const intents = createIntents({
    cluster,
    now: () => clock.now().getTime(),
    leads: engine.leads,
    everyMs: options.intentSweepMs,
    onError: (error, { name }) => app.log.error({ err: error, intents: name }, 'unfinished work'),
  });
  stops.push(() => intents.stop());
  requestLog.startSummary(app.log);
  stops.push(() => requestLog.stop());

  return {
    config,
    options,
    app,
    database,
    db,
    clock,
    facts,
    engine,
    userSocket,
    broker,
    delivery: createDelivery({
      db,
      log: app.log,
      clock,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      sms: options.sms,
    }),
    idempotency,
    intents,
    transport: await loadTransportKeys(db),
    cluster,
    sessions,
    apiKeys,
    operators,
    audit: createAuditLog(clock),
    probe(component, probe) {
      probes[component] = probe;
    },
    probes: () => ({ ...probes }),
    onClose(stop) {
      stops.push(stop);
    },
  };
}
