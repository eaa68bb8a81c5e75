import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createChangeFeed } from './db/change-feed.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/secrets.ts';
import { registerSecurity } from './plugins/external/security.ts';
import { registerStatic } from './plugins/external/static.ts';
import { registerApiCompression } from './plugins/external/compression.ts';
import { answerFrameworkError, installErrorHandler } from './plugins/app/errors.ts';
import { genReqId } from './plugins/app/request-context.ts';
import { installRequestLog } from './plugins/app/request-log.ts';
import { EarlyAnswers, earlyServerFactory } from './plugins/app/early-answers.ts';
import { EndpointRegistry, mountEndpoints } from './plugins/app/endpoints.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerMetrics } from './modules/system/metrics.routes.ts';
import { createIconService } from './modules/icons/icons.service.ts';
import { registerIconRoutes } from './modules/icons/icons.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { createSessionService, mountSessions } from './modules/accounts/sessions.service.ts';
import { createSmsService } from './modules/accounts/sms.service.ts';
import { createDevSmsProvider, createLogSmsProvider } from './modules/accounts/sms-provider.ts';
import { createAuthService } from './modules/accounts/auth.service.ts';
import { createProfileService } from './modules/accounts/profile.service.ts';
import { registerAccountRoutes, registerDevInbox } from './modules/accounts/accounts.routes.ts';
import { createAccountLocksService } from './modules/accounts/account-locks.service.ts';
import { registerOperatorAccountRoutes } from './modules/accounts/operator.routes.ts';
import { registerDeposits } from './modules/deposits/deposits.module.ts';
import { createPaymentProviders } from './modules/payments/payments.module.ts';
import { registerWithdrawals } from './modules/withdrawals/withdrawals.module.ts';
import { createFairnessService } from './modules/fairness/fairness.service.ts';
import { registerFairnessRoutes } from './modules/fairness/fairness.routes.ts';
import { createSafeboxService } from './modules/safebox/safebox.service.ts';
import { registerSafeboxRoutes } from './modules/safebox/safebox.routes.ts';
import { createWalletRecordsService } from './modules/wallet-records/wallet-records.service.ts';
import { registerWalletRecordRoutes } from './modules/wallet-records/wallet-records.routes.ts';
import { createGameCatalogue } from './modules/games/catalogue.service.ts';
import { registerGames } from './modules/games/games.module.ts';
import { registerGameWallet } from './modules/game-wallet/game-wallet.module.ts';
import { registerOriginals } from '@playhall/originals/server';
import { registerEvents } from './modules/events/events.module.ts';
import { registerAnalytics } from './modules/analytics/analytics.module.ts';
import { registerRewards } from './modules/rewards/rewards.module.ts';
import { registerRouteRules } from './modules/route-rules/route-rules.module.ts';
import { registerLive } from './modules/live/live.module.ts';
import type { EventConsumer } from './modules/events/domain-events.service.ts';
import { ActivityType, type JackpotAwardConfig } from '@playhall/contract';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  hasher?: PasswordHasher;
  /** Where the log goes (stdout unless given); tests read it to check what is logged at which level. */
  logStream?: DestinationStream;
  /** Readers of the domain events (decision 022) beyond the reward kinds' own, run from ready to close. */
  eventConsumers?: readonly EventConsumer[];
}

export const BODY_LIMIT = 64 * 1024;

/** Builds the Fastify app: external plugins, then app plugins, then domain modules. */
export async function buildApp({ database, config, clock = systemClock, hasher, logStream, eventConsumers = [] }: BuildAppOptions): Promise<FastifyInstance> {
  // Visitors' kept answers are served before routing (decision 067), once every call is registered.
  const early: { answers?: EarlyAnswers } = {};
  const app = Fastify({
    serverFactory: earlyServerFactory(() => early.answers),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId,
    // One line per logged request, sampled (plugins/app/request-log.ts), not Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: answerFrameworkError,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  });

  // External plugins.
  const security = await registerSecurity(app, config);
  app.addHook('onClose', security.close);
  await registerApiCompression(app);

  // App plugins.
  const logAnswer = installRequestLog(app, config.requestLog);
  installErrorHandler(app);

  // Domain modules.
  const db = database.db;
  const operator = { token: config.operatorToken, name: config.operatorName };
  // The database's notifications to this instance: session revocations and configuration changes
  // (decisions 036, 040). Listening from ready (every handler added) to close.
  const changes = createChangeFeed(database, app.log);
  // The app config carries the running VIP activity's levels (spec §3); `rewards` is built below, before any request.
  // The same arrays while nothing changed (the app config's text is made once per change, decision 054).
  const noVipLevels: { level: number; betAmount: number }[] = [];
  const noJackpotAwards: JackpotAwardConfig[] = [];
  const vipLevels = async () => ((await rewards.detailOf(ActivityType.vip))?.levels ?? noVipLevels) as { level: number; betAmount: number }[];
  const jackpotAwards = async () => ((await rewards.detailOf(ActivityType.luckyJackpot))?.awards ?? noJackpotAwards) as JackpotAwardConfig[];
  const content = createContentService(db, changes, { vipLevels, jackpotAwards });
  const getConfig = () => content.getConfigFields();
  const sessions = createSessionService(database, clock, { cacheMaxAgeMs: config.sessionCacheMaxAgeSeconds * 1000, log: app.log, changes });
  mountSessions(app, sessions);
  const provider = config.smsProvider === 'dev' ? createDevSmsProvider(app.log) : createLogSmsProvider(app.log);
  const sms = createSmsService({ db, clock, provider, getConfig, resendMs: config.smsResendSeconds * 1000 });
  const deps = { db, clock, hasher: hasher ?? createPasswordHasher(config.argon2), sessions, sms, getConfig };
  const auth = createAuthService(deps);
  const profile = createProfileService(deps);

  registerSystemRoutes(app, database);
  registerIconRoutes(app, createIconService());
  if (config.smsProvider === 'dev') registerDevInbox(app, db);

  const registry = new EndpointRegistry();
  registerContentRoutes(registry, content);
  // preLogin and getAfterLoginInfoWeb carry the catalogue and the player's game lists.
  const games = createGameCatalogue({ db, clock });
  // Live pushes over WebSocket (decision 053): the jackpot's pool totals and real winners.
  const live = registerLive(app, config);
  const rewards = await registerRewards(app, registry, { db, clock, operator, timeZone: config.operatorTimeZone, validInvite: config.validInvite, changes, live });
  registerAccountRoutes(registry, { auth, profile, sms, content, games, activities: () => rewards.activityIds() });
  await registerOperatorAccountRoutes(app, { locks: createAccountLocksService({ db, clock, getConfig }), operator });
  const { sandbox, providers } = createPaymentProviders(config, clock);
  await registerDeposits(app, registry, { db, clock, getConfig, sandbox, providers, signatureFailuresPerMin: config.signatureFailuresPerMin, orderTtlMs: config.depositOrderTtlSeconds * 1000 });
  await registerWithdrawals(app, registry, { db, clock, getConfig, providers, operator, lockingBonuses: (userId, locked) => rewards.lockingBonuses(userId, locked) });
  registerSafeboxRoutes(registry, createSafeboxService(deps));
  registerFairnessRoutes(registry, createFairnessService({ db, clock }));
  registerWalletRecordRoutes(registry, createWalletRecordsService(db));
  const gameSessions = await registerGameWallet(app, registry, { db, clock, config });
  await registerOriginals(app, { db, clock, secret: config.originalsProviderSecret, distDir: config.originalsDist, validateResponses: config.nodeEnv === 'test' });
  registerGames(registry, { db, catalogue: games, sessions: gameSessions });
  const events = await registerEvents(app, { db, clock, operator, consumers: [...eventConsumers, ...rewards.consumers()], start: config.eventConsumers });
  registerMetrics(app, { database, events, token: config.metricsToken });
  await registerAnalytics(app, registry, { db, clock, operator, limits: config.clientEvents });
  const validateResponses = config.nodeEnv === 'test';
  const resolveSession = (token: string) => sessions.resolve(token);
  const limitAccount = mountEndpoints(app, registry, {
    resolveSession,
    validateResponses,
    rateLimits: { auth: config.rateLimit.authPerMin, sms: config.rateLimit.smsPerMin },
    accountPerMin: config.rateLimit.accountPerMin,
  });
  const globalLimit = app.createRateLimit();
  early.answers = new EarlyAnswers({
    registry,
    writeApiHeaders: security.writeApiHeaders,
    rateLimit: (req) => globalLimit(req as unknown as Parameters<typeof globalLimit>[0]),
    limitAccount,
    resolveSession,
    unsettled: () => sessions.unsettled(),
    logAnswer,
    log: app.log,
    trustProxy: config.trustProxy,
    validateResponses,
    bodyLimit: BODY_LIMIT,
  });
  early.answers.install(app);

  // Operator redirects of app pages, answered before the app's files (spec §2 route rules).
  await registerRouteRules(app, { db, clock, operator });
  await registerStatic(app, config);
  app.addHook('onReady', () => changes.start());
  app.addHook('onClose', () => changes.stop());
  return app;
}
