import type { ChainService } from '../chain/chain-service';
import type { Database } from '../db/client';
import { HolderIndexer } from './holders';
import { NetworkIndexer, type IndexerOptions } from './indexer';
import { nextPoolStep } from './pacing';
import { DEFAULT_LEASE_MS, isLeaseLost, NetworkLease, newHolderId } from './lease';
import { PoolWatch } from './pool-watch';
import { ReorgGuard } from './reorg';
import { networkCheckpoint } from './store';
import { publishTick } from '../db/stream-notices';
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
  /** How long a network's lease lasts unless renewed (INDEXER_LEASE_MS). */
  leaseMs?: number;
  /** This process's holder id (tests run two "servers" in one process with their own). */
  holderId?: string;
}

/** Between attempts of a failing part: twice the poll interval, doubling, at most a minute. */
export const backoffMs = (pollIntervalMs: number, failures: number) =>
  Math.min(60_000, pollIntervalMs * 2 ** Math.min(Math.max(failures, 1), 5));

/** Log lines name the loop that failed; 'indexer' is the pool indexer's historical name. */
const partLabel: Record<IndexerPart, string> = { pools: 'indexer', holders: 'holders', 'pool-watch': 'new-pool watch' };

/**
 * One loop per network. A loop ticks only while it holds that network's lease, so with several
 * servers on one database exactly one indexes each network; the others stand by, report the
 * network's lag from the stored checkpoint, and take over once the lease expires (a holder that
 * stopped, hung or lost the database). Everything a loop writes goes through its fenced Db:
 * after a takeover the old holder's writes are refused (docs/decisions/0051-indexer-lease.md).
 */
export function startIndexers(
  database: Database,
  chain: ChainService,
  parentLog: IndexerLogger,
  {
    status = new IndexerStatus(),
    leaseMs = DEFAULT_LEASE_MS,
    holderId = newHolderId(),
    ...options
  }: RunnerOptions = {},
) {
  // The holder renews at least this often, also while its parts back off; a standby looks at the
  // lease (and the network's lag) once a poll interval, and at least as often.
  const renewEveryMs = Math.max(500, Math.floor(leaseMs / 3));
  const loops = chain.registry.list().map((network) => {
    const log = parentLog.child({ network: network.key.toLowerCase() });
    status.register(network);
    const lease = new NetworkLease(database.db, network.id, holderId, leaseMs);
    const db = database.fenced(lease.fence);
    const standbyEveryMs = Math.min(network.pollIntervalMs, renewEveryMs);
    let headReadAt = 0;
    let standbyHead: bigint | null = null;

    // A skipped item is recorded (indexer_skipped_items), counted (/metrics) and logged the first
    // time and then at every power of two of its repeats: a token that fails on every tick is
    // visible without writing a line per tick.
    const skipRepeats = new Map<string, number>();
    const onSkip: OnSkip = (s) => {
      status.skipped(network, s.part, s.reason);
      const key = `${s.part}\n${s.item}\n${s.reason}`;
      const n = (skipRepeats.get(key) ?? 0) + 1;
      skipRepeats.set(key, n);
      if ((n & (n - 1)) === 0)
        log.warn(
          { part: s.part, item: s.item, reason: s.reason, repeats: n },
          `${partLabel[s.part]} skipped ${s.item}: ${s.detail}`,
        );
    };
    const pendingSkips: Promise<void>[] = [];
    // The live stream hears of the pools that changed as soon as they are stored (decision 0074);
    // every server's streams get it through LISTEN/NOTIFY. Not fenced: a notice writes nothing.
    const onPoolsChanged = (safeBlock: bigint, changed: string[]) =>
      publishTick(database.db, network.id, safeBlock, changed, []).catch((err: unknown) =>
        log.warn({ err }, `live stream notice not sent: ${describeIndexerError(err)}`),
      );
    const indexer = new NetworkIndexer(db, chain, network, { ...options, onSkip, onPoolsChanged });
    /** The block the last pools tick covered (its safe block). */
    let coveredBlock: bigint | null = null;
    /**
     * On a network watched block by block (the devnet), is a block newer than the last pools tick
     * waiting? Holder checks and senders-only steps then give way: a block's swaps are what the
     * screens wait for (issue 31). One eth_blockNumber to the local node.
     */
    const newBlockWaiting = network.headWatchMs
      ? async () =>
          coveredBlock !== null &&
          (await chain.client(network).getBlockNumber({ cacheTime: 0 })) > coveredBlock + BigInt(network.confirmations)
      : undefined;
    const holders = new HolderIndexer(db, chain, network, {
      newBlockWaiting,
      // One token's failure (a node without archive state, say) is that token's: it waits and is
      // retried, the others go on. Recorded like any skipped item.
      onTokenError: (token, err) => {
        // The fence refused a write: not the token's failure (the runner stands by).
        if (isLeaseLost(err)) return;
        const item = { part: 'holders' as const, item: token, reason: 'token-failed', error: err };
        pendingSkips.push(
          recordSkippedItem(db, network.id, item).then(
            (detail) => onSkip({ ...item, detail }),
            () => onSkip({ ...item, detail: describeIndexerError(err) }),
          ),
        );
      },
    });
    const watch = new PoolWatch(db, chain, network, { onSkip });
    const reorgGuard = new ReorgGuard(db, chain, network, options);
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();

    /** Per part: consecutive failures and when it may be tried again. */
    const parts = new Map<IndexerPart, { failures: number; retryAt: number }>(
      (['pools', 'holders', 'pool-watch'] as const).map((p) => [p, { failures: 0, retryAt: 0 }]),
    );
    const failedPart = (part: IndexerPart, err: unknown) => {
      const state = parts.get(part)!;
      state.failures += 1;
      const wait = backoffMs(network.pollIntervalMs, state.failures);
      state.retryAt = Date.now() + wait;
      status.failed(network, err, part, new Date(state.retryAt));
      log.warn(
        { part, failures: state.failures, retryInMs: wait },
        `${partLabel[part]} tick failed: ${describeIndexerError(err)}`,
      );
    };
    let renewedAt = 0;
    /** Renews the lease (or takes it over); false when this server is (now) on standby. */
    const holdLease = async (): Promise<boolean> => {
      const had = lease.heldEpoch;
      const holds = await lease.hold();
      renewedAt = Date.now();
      if (holds && had === null)
        log.info(
          { epoch: lease.heldEpoch?.toString(), holder: holderId },
          `took over the network's indexer lease (epoch ${lease.heldEpoch})`,
        );
      if (!holds && had !== null)
        log.warn(
          { epoch: had.toString(), holder: holderId },
          "lost the network's indexer lease to another server; standing by",
        );
      status.lease(network, { held: holds, epoch: lease.heldEpoch, refusedWrites: lease.refusedWrites });
      return holds;
    };
    /**
     * Runs one part unless it is backing off or the lease is gone. The lease is renewed before
     * each part, so a long tick (a backfill) does not outlive it. A failure is reported to /ready
     * and /metrics at once and logged every time (with the attempt count and the wait before the
     * next one); the other parts still run, so a stuck new-pool watch does not stop pool
     * indexing, nor the reverse.
     */
    const attempt = async <T>(part: IndexerPart, work: () => Promise<T>): Promise<{ ran: boolean; value?: T }> => {
      const state = parts.get(part)!;
      if (!lease.held || Date.now() < state.retryAt) return { ran: false };
      if (Date.now() - renewedAt > 1_000 && !(await holdLease().catch(() => lease.held))) return { ran: false };
      try {
        const value = await work();
        if (state.failures > 0) log.info({ part, failures: state.failures }, `${partLabel[part]} recovered`);
        state.failures = 0;
        state.retryAt = 0;
        if (part !== 'pools') status.partSucceeded(network, part);
        return { ran: true, value };
      } catch (err) {
        if (isLeaseLost(err)) {
          // The fence refused a write: another server took the network over while this one was
          // away (stopped, hung, cut off). Nothing of it was written; this server stands by.
          status.lease(network, { held: false, epoch: null, refusedWrites: lease.refusedWrites });
          log.warn(
            { part, refusedWrites: lease.refusedWrites },
            `${partLabel[part]}: a write was refused, this server no longer holds the network's indexer lease; standing by`,
          );
        } else failedPart(part, err);
        return { ran: false };
      }
    };

    /** True while the loop sleeps on `timer` (nothing of it is running). */
    let waiting = false;
    let headWatch: NodeJS.Timeout | undefined;
    const schedule = (ms: number) => {
      if (stopped) return;
      waiting = true;
      timer = setTimeout(() => {
        waiting = false;
        running = loop();
      }, ms);
    };
    /**
     * A network with headWatchMs (the local devnet) does not wait out its poll interval once caught
     * up: it asks for the head every headWatchMs (one cheap call to a local node) and ticks as soon
     * as a block arrives, so a devnet swap reaches the live stream in a fraction of a second.
     */
    const watchHead = (seen: bigint) => {
      const every = network.headWatchMs;
      if (!every) return;
      clearInterval(headWatch);
      let asking = false;
      headWatch = setInterval(() => {
        if (asking || !waiting || stopped) return;
        asking = true;
        chain
          .client(network)
          .getBlockNumber({ cacheTime: 0 })
          .then((head) => {
            if (head > seen && waiting && !stopped) {
              clearInterval(headWatch);
              clearTimeout(timer);
              tickDueAt = 0;
              schedule(0);
            }
          })
          .catch(() => {})
          .finally(() => (asking = false));
      }, every);
      headWatch.unref();
    };
    /** When the next tick is due; until then the loop wakes only to renew the lease. */
    let tickDueAt = 0;
    /** Senders-only steps between full ticks while only senders are behind (pacing.ts, decision 0062). */
    let sendersNext = false;
    let lastTickAt = 0;
    const nextTickIn = (ms: number) => {
      tickDueAt = Date.now() + ms;
      schedule(Math.min(renewEveryMs, ms));
    };
    /** On standby: the lease, the stored checkpoint and (once a poll interval) the head, for the lag. */
    const reportStandby = async () => {
      const seen = lease.sight;
      if (seen?.tracked && Date.now() - headReadAt >= network.pollIntervalMs) {
        headReadAt = Date.now();
        // The head is one cheap call; a node that does not answer leaves the lag unknown.
        standbyHead = await chain
          .client(network)
          .getBlockNumber({ cacheTime: 0 })
          .catch(() => null);
      }
      status.standby(network, {
        headBlock: seen?.tracked ? standbyHead : null,
        indexedBlock: seen?.indexedBlock ?? null,
        indexedAt: seen?.indexedAt ?? null,
        lease: seen?.lease ? { epoch: seen.lease.epoch, expiresAt: seen.lease.expiresAt, held: false } : null,
      });
    };
    const loop = async () => {
      let holds: boolean;
      try {
        holds = await holdLease();
      } catch (err) {
        // The database itself: nothing can run. Counted as the pool indexer's failure.
        failedPart('pools', err);
        return schedule(Math.min(renewEveryMs, Math.max(0, parts.get('pools')!.retryAt - Date.now())));
      }
      if (!holds) {
        tickDueAt = 0;
        sendersNext = false;
        clearInterval(headWatch);
        await reportStandby().catch(() => {});
        return schedule(standbyEveryMs);
      }
      // Woken to renew only (a long poll interval, a part backing off): no node calls.
      if (Date.now() < tickDueAt) return schedule(Math.min(renewEveryMs, tickDueAt - Date.now()));
      clearInterval(headWatch);

      // A new block on the devnet goes before the senders left of a backfill (a full tick now).
      if (sendersNext && newBlockWaiting && (await newBlockWaiting().catch(() => false))) sendersNext = false;
      if (sendersNext) {
        // A failing senders step is not the pools' failure (as in a full tick): the next full tick
        // comes after the poll interval and tries again.
        const step = await indexer.readSenders().catch((err: unknown) => {
          log.warn({}, `trader reads failed; tried again next tick: ${describeIndexerError(err)}`);
          return null;
        });
        if (!lease.held) return schedule(0);
        const next = nextPoolStep(
          { eventsCaughtUp: true, sendersBehind: step?.batchFull ?? false, sinceTickMs: Date.now() - lastTickAt },
          network.pollIntervalMs,
        );
        sendersNext = next.step === 'senders';
        nextTickIn(next.inMs);
        // Senders done, waiting out the poll interval: a new block still wakes the loop at once.
        if (!sendersNext && coveredBlock !== null) watchHead(coveredBlock + BigInt(network.confirmations));
        return;
      }

      const pools = await attempt('pools', async () => {
        // Before anything is read on top of it: is every recent block we stored still on the chain?
        const reorg = await reorgGuard.check();
        if (reorg) status.reorganised(network, reorg);
        if (reorg)
          log.warn(
            { ...reorg, forkBlock: reorg.forkBlock.toString(), orphanedFrom: reorg.orphanedFrom.toString() },
            `chain reorganisation above block ${reorg.forkBlock}: rolled back`,
          );
        const result = await indexer.tick();
        const idle = result.skipped === 'no pools';
        const indexedBlock = idle ? null : await networkCheckpoint(database.db, network.id);
        status.succeeded(network, { safeBlock: result.safeBlock, idle, indexedBlock });
        return result;
      });
      // New pools and holders ride on the same loop and lease: one writer per network. The watch
      // goes first: it is a few eth_getLogs, and a long holder backfill (minutes for a busy token)
      // must not delay its notices (a late start loses none: decision 0057).
      coveredBlock = pools.value?.safeBlock ?? null;
      const watched = await attempt('pool-watch', () => watch.tick());
      const held = await attempt('holders', async () => {
        try {
          return await holders.tick();
        } finally {
          await Promise.all(pendingSkips.splice(0));
        }
      });

      const changedTokens = held.value?.changedTokens ?? [];
      if (changedTokens.length > 0) {
        await publishTick(database.db, network.id, pools.value?.safeBlock ?? 0n, [], changedTokens).catch(
          (err: unknown) => log.warn({ err }, `live stream notice not sent: ${describeIndexerError(err)}`),
        );
      }

      // Lost meanwhile: straight to standby.
      if (!lease.held) return schedule(0);
      const result = pools.value;
      if (
        result &&
        (result.eventsStored > 0 ||
          result.alertsFired > 0 ||
          (held.value?.transfers ?? 0) > 0 ||
          (watched.value?.found ?? 0) > 0)
      ) {
        log.info(
          {
            events: result.eventsStored,
            alerts: result.alertsFired,
            transfers: held.value?.transfers ?? 0,
            newPools: watched.value?.found ?? 0,
            block: result.safeBlock?.toString(),
          },
          'indexed',
        );
      }
      // Backfilling: go again at once instead of waiting a poll interval. A part that is backing
      // off counts as caught up; if none ran, wait for the first one due.
      // Senders left after a full batch (a backfill's backlog) count as backfilling too.
      const othersCaughtUp = (held.value?.caughtUp ?? true) && (watched.value?.caughtUp ?? true);
      const caughtUp = (!result || ((result.caughtUp || !!result.skipped) && !result.sendersBehind)) && othersCaughtUp;
      if (!pools.ran && !held.ran && !watched.ran) {
        // Backing off: woken at least often enough to renew the lease meanwhile.
        const due = Math.min(...[...parts.values()].map((p) => p.retryAt));
        return nextTickIn(Math.max(network.pollIntervalMs, due - Date.now()));
      }
      lastTickAt = Date.now();
      // Only senders behind: the next steps read them alone, until the poll interval is up.
      sendersNext =
        !!result &&
        othersCaughtUp &&
        nextPoolStep(
          {
            eventsCaughtUp: result.caughtUp || !!result.skipped,
            sendersBehind: !!result.sendersBehind,
            sinceTickMs: 0,
          },
          network.pollIntervalMs,
        ).step === 'senders';
      nextTickIn(caughtUp ? network.pollIntervalMs : 0);
      if (caughtUp && result?.safeBlock !== undefined) watchHead(result.safeBlock + BigInt(network.confirmations));
    };
    schedule(0);
    return {
      indexer,
      async stop() {
        stopped = true;
        clearTimeout(timer);
        clearInterval(headWatch);
        await running.catch(() => {});
        // A clean stop hands the network over at once instead of after the lease.
        await lease.release().catch(() => {});
      },
    };
  });
  return { loops, status, stop: () => Promise.all(loops.map((l) => l.stop())).then(() => undefined) };
}
