import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { formatMessage } from '@meridian/contract';
import { systemClock, type Clock } from './kernel/clock.ts';
import { createCodeService } from './modules/identity/codes.ts';
import { createDelivery, type SmsSender } from './kernel/mail/delivery.ts';
import { createSessionService } from './modules/identity/sessions.ts';
import { loadTransportKeys } from './kernel/transport-crypto.ts';
import type { Config } from './kernel/config.ts';
import type { EngineHost } from './engine/engine-host.ts';
import { migrateToLatest, openDatabase, type Database } from './kernel/db/database.ts';
import { ensureDeploymentFacts } from './kernel/db/platform-meta.ts';
import { fundDemoUsers, seedDemoUsers } from './modules/demo/seed.ts';
import { AppError } from './kernel/errors.ts';
import { installSessionAuth } from './kernel/http/auth.ts';
import { registerMarketCalls } from './modules/markets/calls.ts';
import { registerMemberCalls } from './modules/identity/member-calls.ts';
import { registerSpotCalls } from './modules/spot/calls.ts';
import { registerCommonCalls } from './modules/markets/common-calls.ts';
import { registerDevCalls } from './modules/demo/calls.ts';
import { registerDocs } from './kernel/http/docs.ts';
import { registerErrorHandling } from './kernel/http/error-handler.ts';
import { registerPlatformConfig } from './modules/system/platform-config.ts';
import { registerSpotRuleCalls } from './modules/spot/rule-calls.ts';
import { languageFrom, registerRequestContext } from './kernel/http/request-context.ts';
import { OneLinePerRequest } from './kernel/http/request-log.ts';
import { responseSerializer, validatesResponsesByDefault } from './kernel/http/serialization.ts';
import { registerSystemCalls } from './modules/system/calls.ts';
import { registerUserCalls } from './modules/identity/user-calls.ts';
import { zodValidatorCompiler } from './kernel/http/validation.ts';
import { createAccountService } from './modules/identity/accounts.ts';
import { createApiKeyService } from './modules/identity/api-keys.ts';
import { createDeviceService } from './modules/identity/devices.ts';
import type { MarketFeed } from './modules/markets/feed.ts';
import { startMarket, type MarketRuntime } from './modules/markets/market-runtime.ts';
import { registerMarketSocket } from './modules/markets/socket/market-socket.ts';
import { startBroker, type Broker } from './kernel/realtime/mqtt/broker.ts';
import type { UserSocketLimits } from './kernel/realtime/user-connection.ts';
import { registerUserSocket, type UserSocket } from './kernel/realtime/user-socket.ts';
import { createHealthService } from './modules/system/health.ts';
import { createIdempotency } from './kernel/http/idempotency.ts';
import { createSpotService } from './modules/spot/spot-service.ts';
import { openTradingEngine } from './engine/open-engine.ts';
import { startUserEvents } from './modules/spot/user-events.ts';
import { registerWebApp } from './kernel/http/web-app.ts';

export interface Platform {
  app: FastifyInstance;
  database: Database;
  engine: EngineHost;
  /** Market data for the realtime layer (sockets, MQTT) and the quote calls. */
  market: MarketFeed;
  /** The running market: index feed, market makers, market data (tests, operators). */
  marketRuntime: MarketRuntime;
  /** The MQTT side: user refresh messages go out through it. */
  broker: Broker;
  /** The user socket at `/ws/coin/:userId`: each user's own events. */
  userSocket: UserSocket;
  /** Whether a built web app is being served. */
  servesWebApp: boolean;
  /** Demo accounts created by this start (empty when they already existed or demo is off). */
  seededDemoUsers: string[];
}

export interface PlatformOptions {
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  logger?: boolean;
  clock?: Clock;
  sms?: SmsSender;
  /** Replaces the market's time source and configuration pieces (tests). */
  market?: Partial<Pick<Parameters<typeof startMarket>[0], 'now' | 'exchange'>>;
  /** Shorter timings of the user socket (tests). */
  userSocket?: Partial<UserSocketLimits>;
  /**
   * Check every answer against its call's schema before it is sent. Default: on under
   * NODE_ENV=test or development, off otherwise (production), where it only costs time.
   */
  validateResponses?: boolean;
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
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    return503OnClosing: true,
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
  app.setValidatorCompiler(zodValidatorCompiler);
  const answersChecked = options.validateResponses ?? validatesResponsesByDefault();
  app.decorate('answersChecked', answersChecked);
  app.setSerializerCompiler(responseSerializer(answersChecked));
  const engine = await openTradingEngine({
    dataDir: config.dataDir,
    db: database.db,
    sqlite: database.sqlite,
    log: app.log,
  });
  // Filled once the market starts below; the hook is registered first so it always runs.
  const running: { market?: MarketRuntime } = {};
  app.addHook('onClose', async () => {
    // The market stops sending orders first; then the engine finishes what is in flight
    // and snapshots before the database goes.
    await running.market?.close();
    await engine.close();
    if (!options.database) await database.close();
  });

  registerRequestContext(app);
  registerErrorHandling(app, config.bodyLimit);
  await registerDocs(app, config.brand, config.version);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rateLimited'),
  });

  const clock = options.clock ?? systemClock;
  const db = database.db;
  const transport = await loadTransportKeys(db);
  const delivery = createDelivery({
    db,
    log: app.log,
    clock,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    sms: options.sms,
  });
  const codes = createCodeService({ db, delivery, clock, brand: config.brand });
  const sessions = createSessionService(db, clock);
  const accounts = createAccountService({
    db,
    clock,
    codes,
    sessions,
    transport,
    brand: config.brand,
  });
  installSessionAuth(app, sessions);
  const seededDemoUsers = config.demoMode ? await seedDemoUsers(db, clock) : [];
  if (config.demoMode) await fundDemoUsers(db, engine);

  const market = await startMarket({
    db,
    engine,
    deploymentId: facts.deploymentId,
    config: config.market,
    ...options.market,
    onError: (error, what) => app.log.error({ err: error }, what),
  });
  running.market = market;

  await registerMarketSocket(app, { feed: market.data });
  const userSocket = await registerUserSocket(app, { sessions, limits: options.userSocket });
  const broker = await startBroker(app, { sessions, feed: market.data, mqttUrl: config.mqttUrl });

  // Each user's own orders, fills and balances go out on their MQTT refresh topic and
  // their user sockets.
  const stopUserEvents = startUserEvents(engine, [
    (user, event) => broker.publishUserRefresh(user, event),
    (user, event) => userSocket.publish(user, event),
  ]);
  app.addHook('onClose', async () => {
    stopUserEvents();
  });

  const health = createHealthService({
    probes: { market: () => market.health(), broker: broker.status },
    database,
    version: config.version,
    deploymentId: facts.deploymentId,
    startedAt,
  });
  registerSystemCalls(app, config.head, health);
  registerUserCalls(app, config.head, { accounts, sessions, transport });
  registerMemberCalls(app, config.head, {
    accounts,
    devices: createDeviceService(db, sessions, clock),
    apiKeys: createApiKeyService(db, clock),
  });
  registerCommonCalls(app, config.head, market.data);
  registerMarketCalls(app, config.head, { market, coinRates: config.coinRates });
  registerSpotCalls(app, config.head, {
    spot: createSpotService({ db, engine }),
    idempotency: createIdempotency(db, () => clock.now().getTime()),
  });
  registerSpotRuleCalls(app, config.head, db);
  registerDevCalls(app, config.head, db, config.demoMode);
  registerPlatformConfig(app, config);
  const servesWebApp = await registerWebApp(app, config.webDist);

  return {
    app,
    database,
    engine,
    market: market.data,
    marketRuntime: market,
    broker,
    userSocket,
    servesWebApp,
    seededDemoUsers,
  };
}
