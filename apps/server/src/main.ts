import { inspect } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  formatDevnetSummary,
  devnetAddresses,
  type Devnet,
  type DevnetEvent,
  type DevnetHealth,
} from '@tokendesk/devchain';
import { buildApp } from './app';
import { ChainService } from './chain/chain-service';
import { DEVNET_DEFAULT_PORT, startDevnetOnPreferredPort } from './chain/devnet-port';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS, type NetworkConfig } from './chain/networks';
import { startIndexers } from './indexer/runner';
import { DeliveryWorker } from './delivery/worker';
import { emailConfigured, setOutboxSettings } from './domain/outbox';
import { WeeklyReports } from './delivery/weekly-report';
import { valuedPools } from './features/pools/valued-pools';
import { IndexerStatus } from './indexer/status';
import { createMetrics } from './ops/metrics';
import { startOpsSocket, type OpsSocket } from './ops/ops-socket';
import { bannerHost, ConfigError, configuredUrls, loadConfig, publicUrlNotice, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { databaseTarget, openDatabase, type Database } from './db/client';
import { locationFile } from './db/cluster-place';
import { redactSecrets, registerSecrets, secretsFromEnv } from './lib/error-text';

/**
 * The devnet's log lines (its exits and restarts included). It starts before the app and its
 * logger exist, so lines are held until attach() and then written by the app's logger.
 */
function devnetLog() {
  type Level = 'info' | 'warn' | 'error';
  let target: FastifyBaseLogger | null = null;
  const pending: [Level, object, string][] = [];
  const write = (level: Level, fields: object, msg: string) =>
    target ? target[level](fields, msg) : pending.push([level, fields, msg]);
  const event = (e: DevnetEvent) => {
    switch (e.kind) {
      case 'exited': {
        const how = `exit code ${e.code ?? 'none'}${e.signal ? `, signal ${e.signal}` : ''}`;
        const when = e.restartInMs > 0 ? ` in ${e.restartInMs} ms` : '';
        return write(
          'warn',
          { pid: e.pid, code: e.code, signal: e.signal, restartInMs: e.restartInMs },
          `devnet exited unexpectedly (anvil ${e.pid}, ${how}); restarting it from its saved state${when}`,
        );
      }
      case 'restarted':
        return write(
          'info',
          { pid: e.pid, downMs: e.downMs, restarts: e.restarts },
          e.created
            ? `devnet restarted (anvil ${e.pid}) on a NEW chain after ${e.downMs} ms: its saved state was unusable`
            : `devnet restarted (anvil ${e.pid}) from its saved state after ${e.downMs} ms`,
        );
      case 'restart-failed':
        return write(
          'error',
          { attempt: e.attempt, retryInMs: e.retryInMs },
          `devnet restart attempt ${e.attempt} failed: ${e.error}; next attempt in ${e.retryInMs} ms`,
        );
    }
  };
  return {
    line: (msg: string) => write('info', {}, msg),
    event,
    attach(log: FastifyBaseLogger) {
      target = log.child({ component: 'devnet' });
      for (const [level, fields, msg] of pending.splice(0)) target[level](fields, msg);
    },
  };
}

const readyDevnet = (h: DevnetHealth) => ({
  state: h.state,
  pid: h.pid,
  restarts: h.restarts,
  last_exit: h.lastExit && { code: h.lastExit.code, signal: h.lastExit.signal, at: h.lastExit.at.toISOString() },
  down_since: h.downSince?.toISOString() ?? null,
  last_error: h.lastError,
});

/** The local chain: started here (state under DATA_DIR/devnet), reused from DEVNET_RPC_URL, or off. */
async function startChain(
  config: Config,
  log: ReturnType<typeof devnetLog>,
): Promise<{ devnet: Devnet | null; networks: NetworkConfig[] }> {
  if (!config.DEVNET) return { devnet: null, networks: [...REAL_NETWORKS] };
  if (config.DEVNET_RPC_URL) {
    return { devnet: null, networks: [...REAL_NETWORKS, devnetNetwork(config.DEVNET_RPC_URL, devnetAddresses)] };
  }
  // Supervised: if anvil exits, it is restarted on the same port from its saved state (devnet.ts).
  // Port 8545 when free, so the printed swap command is the same every start (chain/devnet-port.ts).
  const { devnet, fellBack } = await startDevnetOnPreferredPort({
    dataDir: config.DATA_DIR,
    log: log.line,
    onEvent: log.event,
  });
  if (fellBack) console.log(`Port ${DEVNET_DEFAULT_PORT} is in use, so the devnet runs on ${devnet.rpcUrl} instead.`);
  console.log(formatDevnetSummary(devnet));
  return { devnet, networks: [...REAL_NETWORKS, devnetNetwork(devnet.rpcUrl, devnet.addresses)] };
}

async function start(config: Config): Promise<void> {
  // The app's logger does not exist yet: the embedded cluster's start-up lines go to the console.
  const database = await openDatabase(databaseTarget(config, (msg) => console.log(msg)));
  let app: FastifyInstance;
  let devnet: Devnet | null = null;
  let chainService: ChainService;
  let opsSocket: OpsSocket | null = null;
  const indexerStatus = new IndexerStatus();
  const metrics = createMetrics(indexerStatus);
  const chainLog = devnetLog();
  try {
    const chain = await startChain(config, chainLog);
    devnet = chain.devnet;
    chainService = new ChainService(new NetworkRegistry(chain.networks, config.RPC_URLS), {
      onRpc: metrics.observeRpc,
    });
    const supervised = devnet;
    app = await buildApp({
      config,
      database,
      chain: chainService,
      metrics,
      indexerStatus,
      indexerRunning: config.INDEXER,
      devnet: supervised ? () => readyDevnet(supervised.health()) : undefined,
    });
    chainLog.attach(app.log);
    await app.listen({ port: config.PORT, host: config.HOST });
    if (database.kind === 'embedded' && database.url)
      opsSocket = await startOpsSocket(config.DATA_DIR, database.url, app.log);
  } catch (err) {
    await opsSocket?.close();
    await devnet?.stop();
    await database.close();
    throw err;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = bannerHost(config.HOST);
  const where =
    database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PostgreSQL in ${database.cluster?.relocated ? database.cluster.dir : config.DATA_DIR}`;
  // A cluster outside DATA_DIR (decision 0056): a copy of DATA_DIR does not hold the database.
  const outside = database.cluster?.relocated
    ? `The database is outside DATA_DIR (${config.DATA_DIR} is out of reach of the user PostgreSQL runs as), recorded in ${locationFile(config.DATA_DIR)}; back it up with npm run backup.\n`
    : '';
  console.log(
    `\nTokenDesk is running at http://${host}:${port}/  (database: ${where})\n${outside}${publicUrlNotice(config)}\n`,
  );

  // Outbound messages (docs/decisions/0037): the indexer's firings enqueue alert e-mails only when
  // SMTP is configured, with links to PUBLIC_URL; the worker delivers the outbox until shutdown.
  setOutboxSettings({ emailEnabled: emailConfigured(config), publicUrl: config.PUBLIC_URL });
  const delivery = new DeliveryWorker({ db: database.db, config, log: app.log.child({ component: 'delivery' }) });
  delivery.start();
  const indexers = config.INDEXER
    ? startIndexers(database, chainService, app.log, {
        backfillSeconds: config.INDEXER_BACKFILL_HOURS * 3600,
        traderReadsPerTick: config.TRADER_READS_PER_TICK,
        usdMinLiquidity: config.USD_MIN_LIQUIDITY,
        leaseMs: config.INDEXER_LEASE_MS,
        status: indexerStatus,
      })
    : null;
  // The weekly e-mail reports (docs/decisions/0040): an hourly check on every server; the week's
  // claim keeps it to one e-mail per project. The figures are the pool answers the screens show.
  const weeklyReports = new WeeklyReports({
    db: database.db,
    config,
    log: app.log.child({ component: 'weekly-report' }),
    projectPools: async (userId, projectId) => {
      const { pools, projectPrices } = await valuedPools(app, userId, [projectId]);
      return { pools, projectPrice: projectPrices.get(projectId) };
    },
  });
  weeklyReports.start();
  installShutdown(app, database, config, devnet, async () => {
    await opsSocket?.close(); // a backup in progress finishes first (its response is written before close resolves)
    await weeklyReports.stop();
    await indexers?.stop();
    await delivery.stop(); // sends in flight finish (10 s at most); the rest waits in the outbox
  });
}

function installShutdown(
  app: FastifyInstance,
  database: Database,
  config: Config,
  devnet: Devnet | null,
  stopWorkers: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    // If draining hangs (a stuck client), do not keep the data directory locked forever.
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await stopWorkers(); // the current tick finishes (its transaction is all or nothing)
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close(); // then the database: the pool, the embedded cluster (fast shutdown), the data-dir lock
      await devnet?.stop(); // anvil writes its state on a clean stop
      process.exit(0);
    } catch (err) {
      console.error('Error during shutdown:', redactSecrets(inspect(err)));
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

let config: Config;
try {
  config = loadConfig();
  // What this process prints outside its logger (a failed start) is redacted too.
  registerSecrets(secretsFromEnv(configuredUrls(config)));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}

start(config).catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`TokenDesk cannot start: ${err.message}`);
    process.exit(75);
  }
  console.error('TokenDesk failed to start:', redactSecrets(inspect(err)));
  process.exit(1);
});
