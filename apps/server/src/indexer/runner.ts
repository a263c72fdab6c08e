import { eq } from 'drizzle-orm';
import type { ChainService } from '../chain/chain-service';
import type { AdvisoryLock, Database } from '../db/client';
import { indexerCheckpoints } from '../db/schema';
import { HolderIndexer } from './holders';
import { NetworkIndexer, type IndexerOptions } from './indexer';
import { PoolWatch } from './pool-watch';
import { ReorgGuard } from './reorg';
import { describeIndexerError, IndexerStatus } from './status';

export interface IndexerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  /** Every line of a network's loop carries that network (pino's child loggers). */
  child(bindings: Record<string, unknown>): IndexerLogger;
}

export interface RunnerOptions extends IndexerOptions {
  /** Where each loop reports its last tick (for /ready and /metrics). */
  status?: IndexerStatus;
}

// Base of the advisory-lock keys; one key per network.
const LOCK_BASE = 7_243_120_000;

/**
 * One loop per network. A loop ticks only while it holds that network's advisory lock, so with
 * several servers on one database exactly one indexes each network; the others keep trying and
 * take over when the holder goes away.
 */
export function startIndexers(database: Database, chain: ChainService, parentLog: IndexerLogger, { status = new IndexerStatus(), ...options }: RunnerOptions = {}) {
  const loops = chain.registry.list().map((network) => {
    const indexer = new NetworkIndexer(database.db, chain, network, options);
    const log = parentLog.child({ network: network.key.toLowerCase() });
    status.register(network);
    const sideFailures = new Map<string, number>();
    const sideFailure = (part: string, err: unknown) => {
      const n = (sideFailures.get(part) ?? 0) + 1;
      sideFailures.set(part, n);
      if (n === 1 || n % 30 === 0) log.warn({ failures: n }, `${part} tick failed: ${describeIndexerError(err)}`);
    };
    const holders = new HolderIndexer(database.db, chain, network, { onTokenError: (token, err) => sideFailure(`holders of ${token}`, err) });
    const watch = new PoolWatch(database.db, chain, network);
    const reorgGuard = new ReorgGuard(database.db, chain, network, options);
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let release: AdvisoryLock | null = null;
    let failures = 0;

    const schedule = (ms: number) => {
      if (!stopped) timer = setTimeout(() => (running = loop()), ms);
    };
    const loop = async () => {
      try {
        if (release?.isLost?.()) {
          // The lock's session is gone (the database restarted): take it again or stand by.
          await release();
          release = null;
        }
        release ??= await database.tryAdvisoryLock(LOCK_BASE + network.id);
        if (!release) {
          status.standby(network);
          return schedule(network.pollIntervalMs * 5);
        }
        // Before anything is read on top of it: is every recent block we stored still on the chain?
        const reorg = await reorgGuard.check();
        if (reorg) log.warn({ ...reorg, forkBlock: reorg.forkBlock.toString(), orphanedFrom: reorg.orphanedFrom.toString() }, `chain reorganisation above block ${reorg.forkBlock}: rolled back`);
        const result = await indexer.tick();
        // Holders and new pools ride on the same loop and lock: one writer per network. Their
        // failures (a node without archive state, say) are theirs: pool indexing goes on.
        const held = await holders.tick().catch((err: unknown) => {
          sideFailure('holders', err);
          return { transfers: 0, tokens: 0, caughtUp: true };
        });
        const watched = await watch.tick().catch((err: unknown) => {
          sideFailure('new-pool watch', err);
          return { found: 0, caughtUp: true };
        });
        const idle = result.skipped === 'no pools';
        const [checkpoint] = idle
          ? []
          : await database.db.select({ block: indexerCheckpoints.lastBlock }).from(indexerCheckpoints).where(eq(indexerCheckpoints.networkId, network.id));
        status.succeeded(network, { safeBlock: result.safeBlock, idle, indexedBlock: checkpoint?.block ?? null });
        if (failures > 0) log.info({}, 'indexer recovered');
        failures = 0;
        if (result.eventsStored > 0 || result.alertsFired > 0 || held.transfers > 0 || watched.found > 0) {
          log.info(
            { events: result.eventsStored, alerts: result.alertsFired, transfers: held.transfers, newPools: watched.found, block: result.safeBlock?.toString() },
            'indexed',
          );
        }
        // Backfilling: go again at once instead of waiting a poll interval.
        const caughtUp = (result.caughtUp || !!result.skipped) && held.caughtUp && watched.caughtUp;
        schedule(caughtUp ? network.pollIntervalMs : 0);
      } catch (err) {
        failures++;
        status.failed(network, err);
        // Log the first failure of an outage and then rarely, not every tick.
        if (failures === 1 || failures % 30 === 0) {
          log.warn({ failures }, `indexer tick failed: ${describeIndexerError(err)}`);
        }
        schedule(Math.min(60_000, network.pollIntervalMs * 2 ** Math.min(failures, 5)));
      }
    };
    schedule(0);
    return {
      indexer,
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running.catch(() => {});
        await release?.();
      },
    };
  });
  return { loops, status, stop: () => Promise.all(loops.map((l) => l.stop())).then(() => undefined) };
}
