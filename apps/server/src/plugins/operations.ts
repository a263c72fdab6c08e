import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NetworkRegistry } from '../chain/networks';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { indexerCheckpoints } from '../db/schema';
import { INDEXER_PARTS, type IndexerPart, type IndexerPartStatus, type IndexerStatus } from '../indexer/status';
import { safeErrorText } from '../lib/error-text';
import { parseIpAllowList } from '../lib/ip-allowlist';
import { REQUEST_ID_HEADER } from '../lib/request-id';
import { registerStorageMetrics, type Metrics } from '../ops/metrics';

export interface OperationsOptions {
  config: Config;
  database: Database;
  networks: NetworkRegistry;
  metrics: Metrics;
  indexerStatus: IndexerStatus;
  /** Whether this process runs the indexer loops (main.ts with INDEXER on). */
  indexerRunning: boolean;
  /** The local devnet this process supervises (main.ts); null when it started none. */
  devnet?: () => ReadyDevnet | null;
}

/** The devnet part of /ready: `restarting` from anvil's exit until it answers again. */
export const readyDevnet = z.object({
  state: z.enum(['up', 'restarting', 'stopped']),
  pid: z.number().nullable(),
  restarts: z.number(),
  last_exit: z.object({ code: z.number().nullable(), signal: z.string().nullable(), at: z.string() }).nullable(),
  down_since: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type ReadyDevnet = z.infer<typeof readyDevnet>;

/** A database that does not answer within this long counts as down: a probe must not hang. */
const READY_DB_TIMEOUT_MS = 3_000;

const block = z.string().nullable();
const networkState = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(['off', 'starting', 'idle', 'indexing', 'failing', 'standby']),
  head_block: block,
  safe_block: block,
  indexed_block: block,
  lag_blocks: block,
  last_tick_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  consecutive_failures: z.number(),
  // Which loop of the network makes no progress, since when and for how long (docs/operations.md).
  failing_part: z.enum(['pools', 'holders', 'pool-watch']).nullable(),
  failing_since: z.string().nullable(),
  stuck_seconds: z.number().nullable(),
  parts: z.array(
    z.object({
      part: z.enum(['pools', 'holders', 'pool-watch']),
      state: z.enum(['off', 'starting', 'ok', 'failing']),
      last_error: z.string().nullable(),
      last_error_at: z.string().nullable(),
      failing_since: z.string().nullable(),
      stuck_seconds: z.number().nullable(),
      consecutive_failures: z.number(),
      failed_ticks: z.number(),
      next_attempt_at: z.string().nullable(),
    }),
  ),
  /** Since the process started; the items themselves are in indexer_skipped_items. */
  skipped_items: z.array(
    z.object({ part: z.enum(['pools', 'holders', 'pool-watch']), reason: z.string(), count: z.number() }),
  ),
  /** Reorganisations rolled back since the process started (docs/decisions/0016-reorgs.md). */
  reorgs: z.number(),
  last_reorg: z
    .object({ at: z.string(), fork_block: z.string(), orphaned_from: z.string(), beyond_window: z.boolean() })
    .nullable(),
  /**
   * The network's indexer lease (docs/decisions/0051-indexer-lease.md): whether this server holds
   * it, its epoch, when the holder's runs out (standby), and the writes its fence refused here.
   */
  lease: z
    .object({
      held: z.boolean(),
      epoch: z.string().nullable(),
      expires_at: z.string().nullable(),
      refused_writes: z.number(),
    })
    .nullable(),
});
const readyBody = z.object({
  status: z.enum(['ready', 'unavailable']),
  detail: z.string().optional(),
  errors: z.array(z.never()).optional(),
  database: z.object({ kind: z.enum(['embedded', 'postgres']), reachable: z.boolean(), error: z.string().optional() }),
  /** 'full' / 'error' while writes are refused for the disk (docs/decisions/0020-storage-faults.md). */
  storage: z.object({
    state: z.enum(['ok', 'full', 'error']),
    since: z.string().nullable(),
    last_error: z.string().nullable(),
  }),
  indexer: z.enum(['running', 'off']),
  networks: z.array(networkState),
  devnet: readyDevnet.nullable(),
});

/** A part of a network this process does not index (yet). */
const notRun = (
  part: IndexerPart,
  indexerRunning: boolean,
): Omit<IndexerPartStatus, 'state'> & { state: 'off' | 'starting' } => ({
  part,
  state: indexerRunning ? 'starting' : 'off',
  lastError: null,
  lastErrorAt: null,
  failingSince: null,
  stuckSeconds: null,
  consecutiveFailures: 0,
  failedTicks: 0,
  nextAttemptAt: null,
});
const str = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
const iso = (v: Date | null | undefined) => (v ? v.toISOString() : null);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Liveness, readiness, Prometheus metrics and request ids (docs/operations.md;
 * docs/decisions/0008-operations-surface.md). Registered before the web app, whose not-found
 * handler would otherwise serve the SPA for /health.
 */
export async function registerOperations(parent: FastifyInstance, options: OperationsOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, database, networks, metrics, indexerStatus, indexerRunning } = options;

  // Every response names its request, so a user's report can be matched with the log lines.
  // Hooks on every request are callback-style: an async hook costs a promise per request for nothing here.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern ('/api/v1/projects/:id'), never the URL: ids in labels would grow without bound.
    metrics.observeHttp(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Storage faults: one log line per incident through the app's logger, counted in /metrics, and
  // the error handler's way to report the ones an external PostgreSQL answers with.
  database.storage.attachLog(app.log);
  registerStorageMetrics(metrics.registry, database.storage);
  app.decorate('noteStorageFault', (kind: 'full' | 'io', detail: string) => database.noteStorageFault(kind, detail));

  const liveness = async () => ({ status: 'ok' as const });
  for (const url of ['/health', '/api/health']) {
    app.get(url, { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, liveness);
  }

  const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
    let dbError: string | null = null;
    let checkpoints = new Map<number, bigint>();
    try {
      await withTimeout(database.ping(), READY_DB_TIMEOUT_MS);
      // Checkpoints of networks another server indexes (or none, with the indexer off).
      const rows = await withTimeout(database.db.select().from(indexerCheckpoints), READY_DB_TIMEOUT_MS);
      checkpoints = new Map(rows.map((r) => [r.networkId, r.lastBlock]));
    } catch (err) {
      dbError = safeErrorText(err);
    }
    database.probeStorage();
    const storageNow = database.storage.snapshot();
    const storage = {
      state: storageNow.state === 'io' ? ('error' as const) : storageNow.state,
      since: iso(storageNow.since),
      last_error: storageNow.lastError,
    };
    const list = networks.list().map((network) => {
      const s = indexerStatus.get(network.id);
      return {
        id: network.id,
        name: network.name,
        state: s?.state ?? (indexerRunning ? ('starting' as const) : ('off' as const)),
        head_block: str(s?.headBlock),
        safe_block: str(s?.safeBlock),
        indexed_block: str(
          s && s.state !== 'standby' && s.indexedBlock !== null ? s.indexedBlock : checkpoints.get(network.id),
        ),
        lag_blocks: str(s?.lagBlocks),
        last_tick_at: iso(s?.lastTickAt),
        last_error: s?.lastError ?? null,
        last_error_at: iso(s?.lastErrorAt),
        consecutive_failures: s?.consecutiveFailures ?? 0,
        failing_part: s?.failingPart ?? null,
        failing_since: iso(s?.failingSince),
        stuck_seconds: s?.stuckSeconds ?? null,
        parts: (s?.parts ?? INDEXER_PARTS.map((part) => notRun(part, indexerRunning))).map((p) => ({
          part: p.part,
          state: p.state,
          last_error: p.lastError,
          last_error_at: iso(p.lastErrorAt),
          failing_since: iso(p.failingSince),
          stuck_seconds: p.stuckSeconds,
          consecutive_failures: p.consecutiveFailures,
          failed_ticks: p.failedTicks,
          next_attempt_at: iso(p.nextAttemptAt),
        })),
        skipped_items: s?.skipped ?? [],
        reorgs: s?.reorgs ?? 0,
        last_reorg: s?.lastReorg
          ? {
              at: s.lastReorg.at.toISOString(),
              fork_block: s.lastReorg.forkBlock.toString(),
              orphaned_from: s.lastReorg.orphanedFrom.toString(),
              beyond_window: s.lastReorg.beyondWindow,
            }
          : null,
        lease: s?.lease
          ? {
              held: s.lease.held,
              epoch: str(s.lease.epoch),
              expires_at: iso(s.lease.expiresAt),
              refused_writes: s.refusedWrites,
            }
          : null,
      };
    });
    // A network whose node is down is reported, not fatal: the rest of the app works without it.
    const body = {
      database: { kind: database.kind, reachable: dbError === null, ...(dbError ? { error: dbError } : {}) },
      storage,
      indexer: indexerRunning ? ('running' as const) : ('off' as const),
      networks: list,
      devnet: options.devnet?.() ?? null,
    };
    if (dbError !== null) {
      reply.header('retry-after', '5');
      return reply.code(503).send({
        status: 'unavailable' as const,
        detail: `The database is not reachable: ${dbError}`,
        errors: [],
        ...body,
      });
    }
    if (storage.state !== 'ok') {
      reply.header('retry-after', '30');
      const detail =
        storage.state === 'full'
          ? 'The disk under the database is full: writes are refused until space is freed.'
          : 'The storage under the database fails: requests that need it are refused.';
      return reply.code(503).send({ status: 'unavailable' as const, detail, errors: [], ...body });
    }
    return { status: 'ready' as const, ...body };
  };
  for (const url of ['/ready', '/api/ready']) {
    app.get(url, { schema: { hide: true, response: { 200: readyBody, 503: readyBody } } }, readiness);
  }

  const allowed = parseIpAllowList(config.METRICS_ALLOW);
  const token = config.METRICS_TOKEN ? sha256(config.METRICS_TOKEN) : null;
  const hasToken = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!token || !header?.startsWith('Bearer ')) return false;
    // Hashing first makes the comparison constant-time whatever the lengths.
    return timingSafeEqual(sha256(header.slice(7)), token);
  };
  // The connecting peer and every hop a proxy reports must be allowed: a proxy on this host makes
  // every request arrive from loopback, and a client can put anything at the front of
  // X-Forwarded-For, so neither the peer alone nor request.ip (TRUST_PROXY) is enough.
  const fromAllowedClient = (request: FastifyRequest) => {
    const forwarded = request.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    return [request.socket.remoteAddress ?? '', ...hops].every(allowed);
  };
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!fromAllowedClient(request) && !hasToken(request)) {
      return reply.code(403).send({
        detail: 'Metrics are served to allowed clients only (METRICS_ALLOW, or METRICS_TOKEN as a bearer token).',
        errors: [],
      });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
