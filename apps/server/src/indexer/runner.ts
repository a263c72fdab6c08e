import type { ChainService } from '../chain/chain-service';
import { ChainUnavailableError } from '../chain/client';
import type { Database } from '../db/client';
import { NetworkIndexer, type IndexerOptions } from './indexer';

export interface IndexerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

// Base of the advisory-lock keys; one key per network.
const LOCK_BASE = 7_243_120_000;

/**
 * One loop per network. A loop ticks only while it holds that network's advisory lock, so with
 * several servers on one database exactly one indexes each network; the others keep trying and
 * take over when the holder goes away.
 */
export function startIndexers(database: Database, chain: ChainService, log: IndexerLogger, options: IndexerOptions = {}) {
  const loops = chain.registry.list().map((network) => {
    const indexer = new NetworkIndexer(database.db, chain, network, options);
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let release: (() => Promise<void>) | null = null;
    let failures = 0;

    const schedule = (ms: number) => {
      if (!stopped) timer = setTimeout(() => (running = loop()), ms);
    };
    const loop = async () => {
      try {
        release ??= await database.tryAdvisoryLock(LOCK_BASE + network.id);
        if (!release) return schedule(network.pollIntervalMs * 5);
        const result = await indexer.tick();
        if (failures > 0) log.info({ network: network.name }, 'indexer recovered');
        failures = 0;
        if (result.eventsStored > 0 || result.alertsFired > 0) {
          log.info({ network: network.name, events: result.eventsStored, alerts: result.alertsFired, block: result.safeBlock?.toString() }, 'indexed');
        }
        // Backfilling: go again at once instead of waiting a poll interval.
        schedule(result.caughtUp || result.skipped ? network.pollIntervalMs : 0);
      } catch (err) {
        failures++;
        // Log the first failure of an outage and then rarely, not every tick.
        if (failures === 1 || failures % 30 === 0) {
          const reason = err instanceof ChainUnavailableError ? err.message : (err as Error).message;
          log.warn({ network: network.name, failures }, `indexer tick failed: ${reason}`);
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
  return { loops, stop: () => Promise.all(loops.map((l) => l.stop())).then(() => undefined) };
}
