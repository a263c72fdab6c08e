import type { ChainService } from '../chain/chain-service';
import type { AdvisoryLock, Database } from '../db/client';
import { HolderIndexer } from './holders';
import { NetworkIndexer, type IndexerOptions } from './indexer';
import { PoolWatch } from './pool-watch';
import { ReorgGuard } from './reorg';
import { networkCheckpoint } from './store';
import { recordSkippedItem, type IndexerPart, type OnSkip } from './skipped-items';
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

/** Between attempts of a failing part: twice the poll interval, doubling, at most a minute. */
export const backoffMs = (pollIntervalMs: number, failures: number) => Math.min(60_000, pollIntervalMs * 2 ** Math.min(Math.max(failures, 1), 5));

/** Log lines name the loop that failed; 'indexer' is the pool indexer's historical name. */
const partLabel: Record<IndexerPart, string> = { pools: 'indexer', holders: 'holders', 'pool-watch': 'new-pool watch' };

/**
 * One loop per network. A loop ticks only while it holds that network's advisory lock, so with
 * several servers on one database exactly one indexes each network; the others keep trying and
 * take over when the holder goes away.
 */
export function startIndexers(database: Database, chain: ChainService, parentLog: IndexerLogger, { status = new IndexerStatus(), ...options }: RunnerOptions = {}) {
  const loops = chain.registry.list().map((network) => {
    const log = parentLog.child({ network: network.key.toLowerCase() });
    status.register(network);

    // A skipped item is recorded (indexer_skipped_items), counted (/metrics) and logged the first
    // time and then at every power of two of its repeats: a token that fails on every tick is
    // visible without writing a line per tick.
    const skipRepeats = new Map<string, number>();
    const onSkip: OnSkip = (s) => {
      status.skipped(network, s.part, s.reason);
      const key = `${s.part}\n${s.item}\n${s.reason}`;
      const n = (skipRepeats.get(key) ?? 0) + 1;
      skipRepeats.set(key, n);
      if ((n & (n - 1)) === 0) log.warn({ part: s.part, item: s.item, reason: s.reason, repeats: n }, `${partLabel[s.part]} skipped ${s.item}: ${s.detail}`);
    };
    const pendingSkips: Promise<void>[] = [];
    const indexer = new NetworkIndexer(database.db, chain, network, { ...options, onSkip });
    const holders = new HolderIndexer(database.db, chain, network, {
      // One token's failure (a node without archive state, say) is that token's: it waits and is
      // retried, the others go on. Recorded like any skipped item.
      onTokenError: (token, err) => {
        const item = { part: 'holders' as const, item: token, reason: 'token-failed', error: err };
        pendingSkips.push(
          recordSkippedItem(database.db, network.id, item).then(
            (detail) => onSkip({ ...item, detail }),
            () => onSkip({ ...item, detail: describeIndexerError(err) }),
          ),
        );
      },
    });
    const watch = new PoolWatch(database.db, chain, network, { onSkip });
    const reorgGuard = new ReorgGuard(database.db, chain, network, options);
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let release: AdvisoryLock | null = null;

    /** Per part: consecutive failures and when it may be tried again. */
    const parts = new Map<IndexerPart, { failures: number; retryAt: number }>(
      (['pools', 'holders', 'pool-watch'] as const).map((p) => [p, { failures: 0, retryAt: 0 }]),
    );
    /**
     * Runs one part unless it is backing off. A failure is reported to /ready and /metrics at once
     * and logged every time (with the attempt count and the wait before the next one); the other
     * parts still run, so a stuck new-pool watch does not stop pool indexing, nor the reverse.
     */
    const attempt = async <T>(part: IndexerPart, work: () => Promise<T>): Promise<{ ran: boolean; value?: T }> => {
      const state = parts.get(part)!;
      if (Date.now() < state.retryAt) return { ran: false };
      try {
        const value = await work();
        if (state.failures > 0) log.info({ part, failures: state.failures }, `${partLabel[part]} recovered`);
        state.failures = 0;
        state.retryAt = 0;
        if (part !== 'pools') status.partSucceeded(network, part);
        return { ran: true, value };
      } catch (err) {
        state.failures += 1;
        const wait = backoffMs(network.pollIntervalMs, state.failures);
        state.retryAt = Date.now() + wait;
        status.failed(network, err, part, new Date(state.retryAt));
        log.warn({ part, failures: state.failures, retryInMs: wait }, `${partLabel[part]} tick failed: ${describeIndexerError(err)}`);
        return { ran: false };
      }
    };

    const schedule = (ms: number) => {
      if (!stopped) timer = setTimeout(() => (running = loop()), ms);
    };
    const loop = async () => {
      let lockFailed = false;
      try {
        if (release?.isLost?.()) {
          // The lock's session is gone (the database restarted): take it again or stand by.
          await release();
          release = null;
        }
        release ??= await database.tryAdvisoryLock(LOCK_BASE + network.id);
      } catch (err) {
        lockFailed = true;
        // The database itself: nothing can run. Counted as the pool indexer's failure.
        await attempt('pools', () => Promise.reject(err));
      }
      if (lockFailed) return schedule(Math.max(0, parts.get('pools')!.retryAt - Date.now()));
      if (!release) {
        status.standby(network);
        return schedule(network.pollIntervalMs * 5);
      }

      const pools = await attempt('pools', async () => {
        // Before anything is read on top of it: is every recent block we stored still on the chain?
        const reorg = await reorgGuard.check();
        if (reorg) status.reorganised(network, reorg);
        if (reorg) log.warn({ ...reorg, forkBlock: reorg.forkBlock.toString(), orphanedFrom: reorg.orphanedFrom.toString() }, `chain reorganisation above block ${reorg.forkBlock}: rolled back`);
        const result = await indexer.tick();
        const idle = result.skipped === 'no pools';
        const indexedBlock = idle ? null : await networkCheckpoint(database.db, network.id);
        status.succeeded(network, { safeBlock: result.safeBlock, idle, indexedBlock });
        return result;
      });
      // New pools and holders ride on the same loop and lock: one writer per network. The watch
      // goes first: it is a few eth_getLogs, and a long holder backfill (minutes for a busy token)
      // must not delay its notices (a late start loses none: decision 0057).
      const watched = await attempt('pool-watch', () => watch.tick());
      const held = await attempt('holders', async () => {
        try {
          return await holders.tick();
        } finally {
          await Promise.all(pendingSkips.splice(0));
        }
      });

      const result = pools.value;
      if (result && (result.eventsStored > 0 || result.alertsFired > 0 || (held.value?.transfers ?? 0) > 0 || (watched.value?.found ?? 0) > 0)) {
        log.info(
          { events: result.eventsStored, alerts: result.alertsFired, transfers: held.value?.transfers ?? 0, newPools: watched.value?.found ?? 0, block: result.safeBlock?.toString() },
          'indexed',
        );
      }
      // Backfilling: go again at once instead of waiting a poll interval. A part that is backing
      // off counts as caught up; if none ran, wait for the first one due.
      const caughtUp = (!result || result.caughtUp || !!result.skipped) && (held.value?.caughtUp ?? true) && (watched.value?.caughtUp ?? true);
      if (!pools.ran && !held.ran && !watched.ran) {
        const due = Math.min(...[...parts.values()].map((p) => p.retryAt));
        return schedule(Math.max(network.pollIntervalMs, due - Date.now()));
      }
      schedule(caughtUp ? network.pollIntervalMs : 0);
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
