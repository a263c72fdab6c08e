import type { FastifyInstance } from 'fastify';
import { formatDevnetSummary, startDevnet, devnetAddresses, type Devnet } from '@tokendesk/devchain';
import { buildApp } from './app';
import { ChainService } from './chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS, type NetworkConfig } from './chain/networks';
import { startIndexers } from './indexer/runner';
import { IndexerStatus } from './indexer/status';
import { createMetrics } from './ops/metrics';
import { startOpsSocket, type OpsSocket } from './ops/ops-socket';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { databaseTarget, openDatabase, type Database } from './db/client';

/** The local chain: started here (state under DATA_DIR/devnet), reused from DEVNET_RPC_URL, or off. */
async function startChain(config: Config): Promise<{ devnet: Devnet | null; networks: NetworkConfig[] }> {
  if (!config.DEVNET) return { devnet: null, networks: [...REAL_NETWORKS] };
  if (config.DEVNET_RPC_URL) {
    return { devnet: null, networks: [...REAL_NETWORKS, devnetNetwork(config.DEVNET_RPC_URL, devnetAddresses)] };
  }
  const devnet = await startDevnet({ dataDir: config.DATA_DIR });
  console.log(formatDevnetSummary(devnet));
  return { devnet, networks: [...REAL_NETWORKS, devnetNetwork(devnet.rpcUrl, devnet.addresses)] };
}

async function start(config: Config): Promise<void> {
  const database = await openDatabase(databaseTarget(config));
  let app: FastifyInstance;
  let devnet: Devnet | null = null;
  let chainService: ChainService;
  let opsSocket: OpsSocket | null = null;
  const indexerStatus = new IndexerStatus();
  const metrics = createMetrics(indexerStatus);
  try {
    const chain = await startChain(config);
    devnet = chain.devnet;
    chainService = new ChainService(new NetworkRegistry(chain.networks, process.env), { onRpc: metrics.observeRpc });
    app = await buildApp({ config, database, chain: chainService, metrics, indexerStatus, indexerRunning: config.INDEXER });
    await app.listen({ port: config.PORT, host: config.HOST });
    if (database.kind === 'pglite') opsSocket = await startOpsSocket(config.DATA_DIR, database, app.log);
  } catch (err) {
    await opsSocket?.close();
    await devnet?.stop();
    await database.close();
    throw err;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nTokenDesk is running at http://${host}:${port}/  (database: ${where})\n`);

  const indexers = config.INDEXER
    ? startIndexers(database, chainService, app.log, { backfillSeconds: config.INDEXER_BACKFILL_HOURS * 3600, status: indexerStatus })
    : null;
  installShutdown(app, database, config, devnet, async () => {
    await opsSocket?.close(); // a backup in progress finishes first (its response is written before close resolves)
    await indexers?.stop();
  });
}

function installShutdown(app: FastifyInstance, database: Database, config: Config, devnet: Devnet | null, stopWorkers: () => Promise<void>): void {
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
      await database.close(); // then the database, cleanly, releasing the data-dir lock
      await devnet?.stop(); // anvil writes its state on a clean stop
      process.exit(0);
    } catch (err) {
      console.error('Error during shutdown:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

let config: Config;
try {
  config = loadConfig();
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
  console.error('TokenDesk failed to start:', err);
  process.exit(1);
});
