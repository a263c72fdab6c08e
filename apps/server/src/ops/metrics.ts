import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RpcEvent } from '../chain/client';
import type { StorageHealth } from '../db/storage-health';
import type { IndexerStatus } from '../indexer/status';

export interface Metrics {
  registry: Registry;
  observeHttp(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** The chain client's onRpc hook. */
  observeRpc(event: RpcEvent): void;
}

const networkLabel = (key: string) => key.toLowerCase();

/**
 * One registry per app (not prom-client's global one): tests build many apps in one process, and
 * a second server in the same process must not share counters. Indexer gauges are read from the
 * status at scrape time, so they are never older than the loop's last report.
 */
export function createMetrics(indexerStatus: IndexerStatus): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'tokendesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'tokendesk_http_request_duration_seconds',
    help: 'Time from receiving a request to sending the response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rpcRequests = new Counter({
    name: 'tokendesk_rpc_requests_total',
    help: 'JSON-RPC calls to network nodes (a batch of N calls counts N), by network and method',
    labelNames: ['network', 'method'] as const,
    registers,
  });
  const rpcErrors = new Counter({
    name: 'tokendesk_rpc_errors_total',
    help: 'JSON-RPC calls that failed after their retries, by network, method and kind (timeout, http, rpc, other)',
    labelNames: ['network', 'method', 'kind'] as const,
    registers,
  });
  const rpcDuration = new Histogram({
    name: 'tokendesk_rpc_request_duration_seconds',
    help: 'Duration of JSON-RPC calls including retries, by network',
    labelNames: ['network'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
    registers,
  });

  // Gauges that are unknown (an idle network has no head) are left out rather than reported as 0.
  const perNetwork = (
    name: string,
    help: string,
    value: (s: ReturnType<IndexerStatus['list']>[number]) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'] as const,
      registers,
      collect() {
        this.reset();
        for (const s of indexerStatus.list()) {
          const v = value(s);
          if (v !== null) this.set({ network: networkLabel(s.key) }, v);
        }
      },
    });
  perNetwork(
    'tokendesk_indexer_lag_blocks',
    'Final blocks (head − confirmations) not indexed yet; 0 when caught up. On standby: from the stored checkpoint',
    (s) => (s.lagBlocks === null ? null : Number(s.lagBlocks)),
  );
  perNetwork('tokendesk_indexer_head_block', "The node's latest block at the last successful tick", (s) =>
    s.headBlock === null ? null : Number(s.headBlock),
  );
  perNetwork('tokendesk_indexer_indexed_block', 'Every tracked pool is indexed up to this block', (s) =>
    s.indexedBlock === null ? null : Number(s.indexedBlock),
  );
  perNetwork('tokendesk_indexer_last_tick_timestamp_seconds', 'Unix time of the last successful tick', (s) =>
    s.lastTickAt === null ? null : s.lastTickAt.getTime() / 1000,
  );
  perNetwork(
    'tokendesk_indexer_up',
    '1 while the last attempt of every part succeeded (or the network is idle or on standby), 0 while a part fails',
    (s) => (s.state === 'starting' ? null : s.state === 'failing' ? 0 : 1),
  );
  // Standby servers report lag and indexed block from the stored checkpoint: a holder that stalls shows on every server.
  perNetwork(
    'tokendesk_indexer_lease_held',
    "1 while this server holds the network's indexer lease (it indexes the network), 0 on standby",
    (s) => (s.lease === null ? null : s.lease.held ? 1 : 0),
  );
  new Counter({
    name: 'tokendesk_indexer_fenced_writes_total',
    help: "Indexer write transactions refused since the process started because this server no longer held the network's lease (another server took it over)",
    labelNames: ['network'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of indexerStatus.list())
        if (s.refusedWrites > 0) this.inc({ network: networkLabel(s.key) }, s.refusedWrites);
    },
  });
  // Failed attempts per part: a stuck new-pool watch or holder indexer shows even while pools index.
  new Counter({
    name: 'tokendesk_indexer_failed_ticks_total',
    help: 'Indexer attempts that failed since the process started, by network and part (pools, holders, pool-watch)',
    labelNames: ['network', 'part'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of indexerStatus.list()) {
        for (const p of s.parts) this.inc({ network: networkLabel(s.key), part: p.part }, p.failedTicks);
      }
    },
  });
  new Gauge({
    name: 'tokendesk_indexer_part_failing_seconds',
    help: 'Seconds since a part of a network indexer started failing (its progress is stuck); absent while it works',
    labelNames: ['network', 'part'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of indexerStatus.list()) {
        for (const p of s.parts)
          if (p.stuckSeconds !== null) this.set({ network: networkLabel(s.key), part: p.part }, p.stuckSeconds);
      }
    },
  });
  new Counter({
    name: 'tokendesk_indexer_skipped_items_total',
    help: 'Items (pools, tokens, logs, notifications) an indexer skipped instead of stalling, by network, part and reason; listed in indexer_skipped_items',
    labelNames: ['network', 'part', 'reason'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of indexerStatus.list()) {
        for (const c of s.skipped) this.inc({ network: networkLabel(s.key), part: c.part, reason: c.reason }, c.count);
      }
    },
  });

  new Counter({
    name: 'tokendesk_indexer_reorgs_total',
    help: 'Chain reorganisations detected by block hash and rolled back since the process started, by network',
    labelNames: ['network'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of indexerStatus.list()) if (s.reorgs > 0) this.inc({ network: networkLabel(s.key) }, s.reorgs);
    },
  });

  return {
    registry,
    observeHttp({ method, route, status }, seconds) {
      const labels = { method, route, status_code: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    observeRpc({ network, method, seconds, error }) {
      const n = networkLabel(network.key);
      rpcRequests.inc({ network: n, method });
      rpcDuration.observe({ network: n }, seconds);
      if (error) rpcErrors.inc({ network: n, method, kind: error });
    },
  };
}

/**
 * Storage faults of the database (docs/decisions/0020-storage-faults.md): read from its storage
 * state at scrape time, like the indexer counters. A disk that fills shows here per refused or
 * failed statement, while the log has one line per incident.
 */
export function registerStorageMetrics(registry: Registry, storage: StorageHealth): void {
  new Counter({
    name: 'tokendesk_storage_errors_total',
    help: 'Database statements or requests refused or failed because the storage is full (kind="full") or failing (kind="io")',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { errors } = storage.snapshot();
      for (const kind of ['full', 'io'] as const) this.inc({ kind }, errors[kind]);
    },
  });
  new Gauge({
    name: 'tokendesk_storage_ok',
    help: '1 while the database storage works, 0 while it is full or failing (/ready says which)',
    registers: [registry],
    collect() {
      this.set(storage.snapshot().state === 'ok' ? 1 : 0);
    },
  });
}

/** What the password-hash queue reports (lib/hash-queue.ts stats()). */
interface HashQueueFigures {
  running: number;
  waitingByLane: Record<'trusted' | 'first' | 'later', number>;
  startedTotal: number;
  refusedTotal: number;
  shedTotal: number;
  averageMs: number;
}

/**
 * The password-hash queue (decisions 0018, 0054), read at scrape time: its lanes' depth, what it
 * refused or pushed out, and its moving average of one hash (bench:signin --fresh measures "two
 * hash times" against it).
 */
export function registerHashQueueMetrics(registry: Registry, stats: () => HashQueueFigures): void {
  new Gauge({
    name: 'tokendesk_password_hash_average_seconds',
    help: 'Moving average of one password hash (scrypt) on this server',
    registers: [registry],
    collect() {
      this.set(stats().averageMs / 1000);
    },
  });
  new Gauge({
    name: 'tokendesk_password_hash_running',
    help: 'Password hashes running now',
    registers: [registry],
    collect() {
      this.set(stats().running);
    },
  });
  new Gauge({
    name: 'tokendesk_password_hash_waiting',
    help: 'Password hashes waiting, by lane (trusted: known address of the user; first: clean address; later: failing address)',
    labelNames: ['lane'] as const,
    registers: [registry],
    collect() {
      const { waitingByLane } = stats();
      for (const lane of ['trusted', 'first', 'later'] as const) this.set({ lane }, waitingByLane[lane]);
    },
  });
  new Counter({
    name: 'tokendesk_password_hashes_total',
    help: 'Password hashes by outcome in the queue: started; refused (503/429 at once); shed (waiting, pushed out by a higher lane: 503)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const s = stats();
      this.inc({ outcome: 'started' }, s.startedTotal);
      this.inc({ outcome: 'refused' }, s.refusedTotal - s.shedTotal);
      this.inc({ outcome: 'shed' }, s.shedTotal);
    },
  });
}
