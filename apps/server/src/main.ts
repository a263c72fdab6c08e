import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { databaseTarget, openDatabase, type Database } from './db/client';

async function start(config: Config): Promise<void> {
  const database = await openDatabase(databaseTarget(config));
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await database.close();
    throw err;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nTokenDesk is running at http://${host}:${port}/  (database: ${where})\n`);

  installShutdown(app, database, config);
}

function installShutdown(app: FastifyInstance, database: Database, config: Config): void {
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
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close(); // then the database, cleanly, releasing the data-dir lock
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
