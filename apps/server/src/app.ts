import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthService } from './auth/auth-service';
import { authPlugin } from './auth/plugin';
import { configuredUrls, type Config } from './config';
import type { Database, Db } from './db/client';
import { FALLBACK_MS } from './db/shared-limits';
import { ChainService } from './chain/chain-service';
import { NetworkRegistry } from './chain/networks';
import { IndexerStatus } from './indexer/status';
import { getLogsChunked } from './indexer/get-logs';
import { registerSecrets, secretsFromEnv } from './lib/error-text';
import { withLogRedaction } from './lib/log-redaction';
import { requestId } from './lib/request-id';
import { createMetrics, registerHashQueueMetrics, type Metrics } from './ops/metrics';
import { accountRoutes } from './features/account/routes';
import { activityRoutes } from './features/activity/routes';
import { alertRoutes } from './features/alerts/routes';
import { channelRoutes } from './features/channels/routes';
import { networkRoutes } from './features/networks/routes';
import { notificationRoutes } from './features/notifications/routes';
import { poolRoutes } from './features/pools/routes';
import { projectRoutes } from './features/projects/routes';
import { findProject, listProjects } from './features/projects/repository';
import { ticketRoutes } from './features/tickets/routes';
import { reportRoutes } from './features/reports/routes';
import { holderRoutes } from './features/holders/routes';
import { tokenHealthRoutes } from './features/token-health/routes';
import { discoveredPoolRoutes } from './features/discovered-pools/routes';
import { saveVerifiedPool } from './features/pools/attach';
import { traderRoutes } from './features/traders/routes';
import { valuedPools } from './features/pools/valued-pools';
import { projectMarketRoutes } from './features/market/routes';
import { UsdEngine } from './market/usd/engine';
import { candleRoutes } from './features/candles/routes';
import { legalRoutes } from './features/legal/routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerNulGuard } from './plugins/nul-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerOperations, type OperationsOptions } from './plugins/operations';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerUserBudgets } from './plugins/user-budget';
import { registerUserCaches } from './plugins/user-caches';
import { registerLiveStream } from './plugins/live-stream';
import { streamRoutes } from './features/stream/routes';
import { workspaceRoutes } from './features/workspaces/routes';
import { registerWebApp } from './plugins/web-app';
import { registerWorkspaceAccess } from './plugins/workspace-access';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    chain: ChainService;
    /** USD rates and supplies from the chain (docs/decisions/0032). */
    usd: UsdEngine;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
  /** The chains; without it the app knows no networks (account-only tests). */
  chain?: ChainService;
  /** Shared with the chain client's onRpc hook; a fresh registry when absent. */
  metrics?: Metrics;
  /** Written by the indexer loops (main.ts); /ready and /metrics read it. */
  indexerStatus?: IndexerStatus;
  indexerRunning?: boolean;
  /** The supervised local devnet's state for /ready (main.ts); absent when this process runs none. */
  devnet?: OperationsOptions['devnet'];
}

/** The whole HTTP application, without a port: main.ts listens, tests inject. */
export async function buildApp({
  config,
  database,
  logger,
  now,
  chain,
  metrics,
  indexerStatus,
  indexerRunning = false,
  devnet,
}: AppOptions): Promise<FastifyInstance> {
  // Every log line passes the redaction (RPC URLs hold provider keys): lib/log-redaction.ts.
  registerSecrets(secretsFromEnv(configuredUrls(config)));
  const app = Fastify({
    logger:
      logger === false
        ? false
        : withLogRedaction(logger === undefined || logger === true ? { level: config.LOG_LEVEL } : logger),
    // Every log line of a request carries its id (pino child logger, field reqId).
    genReqId: requestId,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Longer than any handler should take, shorter than a client's patience.
    requestTimeout: 30_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('chain', chain ?? new ChainService(new NetworkRegistry([])));
  // V4 pools are found from Initialize logs, paged as the indexer pages logs (decision 0042).
  app.chain.setLogPager(getLogsChunked);
  app.decorate('usd', new UsdEngine(app.chain, config.USD_MIN_LIQUIDITY));
  registerErrorHandler(app);
  registerNulGuard(app);
  const status = indexerStatus ?? new IndexerStatus();
  const appMetrics = metrics ?? createMetrics(status);
  await registerOperations(app, {
    config,
    database,
    networks: app.chain.registry,
    metrics: appMetrics,
    indexerStatus: status,
    indexerRunning,
    devnet,
  });

  // Node closes idle keep-alive connections once, when close() starts. A connection that was busy
  // then goes idle after its response and would hold the shutdown open until the client hangs up,
  // so keep sweeping until the server has closed.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  const auth = new AuthService(database.db, config, now);
  void auth.warmUp();
  registerHashQueueMetrics(appMetrics.registry, () => auth.hashQueueStats());
  // Rate limits shared by every server (decision 0052): expired rows go, a database fault is logged.
  auth.limits.onFallback = (err) =>
    app.log.warn(
      { err },
      `rate limits: the database did not answer; this server counts on its own for ${FALLBACK_MS / 1000} s`,
    );
  auth.limits.start();
  app.addHook('onClose', async () => auth.limits.stop());
  await app.register(authPlugin, { auth });
  await registerUserCaches(app, { database, auth, config });
  registerLiveStream(app, { config });
  // Before the routes: it hooks onRoute to follow each route's requireUser/requireStaff.
  registerUserBudgets(app, { config, limits: auth.limits });
  registerWorkspaceAccess(app);

  await app.register(
    async (api) => {
      await api.register(accountRoutes, { config });
      await api.register(networkRoutes);
      await api.register(projectRoutes);
      await api.register(poolRoutes);
      await api.register(activityRoutes);
      await api.register(alertRoutes);
      await api.register(channelRoutes);
      await api.register(notificationRoutes);
      await api.register(ticketRoutes);
      await api.register(reportRoutes);
      await api.register(holderRoutes);
      await api.register(tokenHealthRoutes);
      await api.register(discoveredPoolRoutes, { attachPool: (target) => saveVerifiedPool(app, target) });
      await api.register(traderRoutes);
      await api.register(projectMarketRoutes, {
        projects: {
          list: (userId) => listProjects(app.db, userId),
          find: (userId, id) => findProject(app.db, userId, id),
        },
        valuedPools: (userId, projectIds) => valuedPools(app, userId, projectIds),
      });
      await api.register(candleRoutes);
      await api.register(legalRoutes, { dataDir: config.DATA_DIR });
      await api.register(streamRoutes);
      await api.register(workspaceRoutes);
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, config.WEB_DIST);
  return app;
}
