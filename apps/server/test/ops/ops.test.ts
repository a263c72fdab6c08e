import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { loadConfig, testConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startIndexers } from '../../src/indexer/runner';
import { IndexerStatus } from '../../src/indexer/status';
import { createMetrics } from '../../src/ops/metrics';
import { bearer, createTestContext, seedUniOnEthereum, signUp, type TestContext } from '../helpers';
import { cloneDatabase } from '../support/database';

/** Log lines of an app, parsed (the logger must write JSON). */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

// Nothing listens here (a port of this file's range): the 'real network' whose node is down.
const DEAD_RPC = 'http://127.0.0.1:4419';

describe('liveness and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('/health and /ready (and their /api aliases) answer while the database does', async () => {
    for (const url of ['/health', '/api/health']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    for (const url of ['/ready', '/api/ready']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status).toBe('ready');
      expect(body.database).toEqual({ kind: 'postgres', reachable: true });
      expect(body.indexer).toBe('off');
    }
  });

  it('keeps the health routes out of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    // Whole paths: a product route may have 'health' in its name (projects/{id}/token-health/).
    const operations = ['/health', '/ready', '/metrics', '/api/health', '/api/ready'];
    expect(Object.keys(doc.paths).filter((p) => operations.includes(p.replace(/\/$/, '')))).toEqual([]);
  });

  it('/ready answers 503 with a clear message when the database does not answer; /health stays 200', async () => {
    const clone = await cloneDatabase();
    const database = await openDatabase({ kind: 'postgres', url: clone.url });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    try {
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = res.json();
      expect(body.status).toBe('unavailable');
      expect(body.detail).toMatch(/^The database is not reachable: /);
      expect(body.database).toMatchObject({ kind: 'postgres', reachable: false });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await clone.drop();
    }
  });
});

describe('indexer state on /ready and /metrics', () => {
  let ctx: TestContext;
  let status: IndexerStatus;
  let indexers: ReturnType<typeof startIndexers>;
  const logs = logCapture();

  beforeAll(async () => {
    const devnet = inject('devnet');
    status = new IndexerStatus();
    const metrics = createMetrics(status);
    // Ethereum's node is down; the devnet is the shared test chain (read only here).
    const registry = new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(devnet.rpcUrl, devnet.addresses)], {
      ETHEREUM: [DEAD_RPC],
    });
    const chain = new ChainService(registry, { poolStateTtlMs: 0, onRpc: metrics.observeRpc });
    ctx = await createTestContext(
      {},
      { chain, app: { metrics, indexerStatus: status, indexerRunning: true, logger: logs.logger } },
    );
    const user = await signUp(ctx.app);
    const auth = { authorization: bearer(user.token) };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: auth,
      payload: {
        network: 31337,
        contract_address: devnet.addresses.demo,
        name: 'Demo',
        token_symbol: 'DEMO',
        token_decimal: 18,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${created.json().id}/`,
      headers: auth,
      payload: { dex: 'uniswap-v2', token: 'weth', pool_address: devnet.addresses.pools.demoWethV2 },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    // A tracked Ethereum pool, written directly: the API would need the (dead) node to verify it.
    await seedUniOnEthereum(ctx.database.db, user.userId);
    indexers = startIndexers(ctx.database, chain, ctx.app.log, { status, backfillSeconds: 3600 });
    for (let i = 0; i < 300; i++) {
      const devnetState = status.get(31337)?.state;
      const ethState = status.get(1)?.state;
      if (devnetState === 'indexing' && status.get(31337)?.lagBlocks === 0n && ethState === 'failing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);
  afterAll(async () => {
    await indexers?.stop();
    await ctx?.close();
  });

  it('lists every network with head, checkpoint, lag, last tick and last error; a dead node does not make it unready', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { indexer: string; networks: Record<string, unknown>[] };
    expect(body.indexer).toBe('running');
    const byId = new Map(body.networks.map((n) => [n.id as number, n]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [...REAL_NETWORKS.map((n) => n.id), 31337].sort((a, b) => a - b),
    );

    const devnet = byId.get(31337)!;
    const checkpoint = await ctx.database.db.query.indexerCheckpoints.findFirst({
      where: (c, { eq }) => eq(c.networkId, 31337),
    });
    expect(devnet).toMatchObject({
      name: 'Local Devnet',
      state: 'indexing',
      indexed_block: checkpoint!.lastBlock.toString(),
      lag_blocks: '0',
      last_error: null,
    });
    // The devnet needs no confirmations: head = safe = the block indexed up to.
    expect(devnet.head_block).toBe(devnet.safe_block);
    expect(BigInt(devnet.head_block as string)).toBeGreaterThanOrEqual(checkpoint!.lastBlock);
    expect(Date.now() - Date.parse(devnet.last_tick_at as string)).toBeLessThan(30_000);

    const ethereum = byId.get(1)!;
    expect(ethereum).toMatchObject({
      name: 'Ethereum',
      state: 'failing',
      head_block: null,
      lag_blocks: null,
      last_tick_at: null,
    });
    expect(ethereum.last_error).toBe('The Ethereum node is not reachable right now. Please try again later.');
    expect(ethereum.consecutive_failures).toBeGreaterThanOrEqual(1);
    // Networks without a tracked pool are idle: their nodes are never contacted.
    expect(byId.get(56)).toMatchObject({ state: 'idle', head_block: null, last_error: null });
  });

  it('exports lag, ticks and RPC counters per network, and indexer log lines carry the network', async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^tokendesk_indexer_lag_blocks\{network="devnet"\} 0$/m);
    expect(text).toMatch(/^tokendesk_indexer_up\{network="ethereum"\} 0$/m);
    expect(text).toMatch(/^tokendesk_indexer_up\{network="devnet"\} 1$/m);
    expect(text).not.toMatch(/tokendesk_indexer_lag_blocks\{network="bsc"\}/);
    const lastTick = Number(
      /^tokendesk_indexer_last_tick_timestamp_seconds\{network="devnet"\} (\S+)$/m.exec(text)?.[1],
    );
    expect(Math.abs(Date.now() / 1000 - lastTick)).toBeLessThan(30);
    expect(
      Number(/^tokendesk_rpc_requests_total\{network="devnet",method="eth_blockNumber"\} (\d+)$/m.exec(text)?.[1]),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(
        /^tokendesk_rpc_errors_total\{network="ethereum",method="eth_blockNumber",kind="http"\} (\d+)$/m.exec(
          text,
        )?.[1],
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/tokendesk_rpc_errors_total\{network="devnet"/);

    const failed = logs.lines.find(
      (l) => l.msg === 'indexer tick failed: The Ethereum node is not reachable right now. Please try again later.',
    );
    expect(failed).toMatchObject({ network: 'ethereum', level: 40 });
    // No RPC URL (provider keys live there) reaches the logs of the loops.
    expect(JSON.stringify(logs.lines.filter((l) => l.network))).not.toContain(DEAD_RPC);
  });
});

describe('/metrics', () => {
  it('counts requests by route pattern (no ids in labels) and serves loopback clients only by default', async () => {
    const ctx = await createTestContext();
    try {
      for (const id of [123457, 123458]) await ctx.app.inject({ method: 'GET', url: `/api/v1/projects/alerts/${id}/` });
      await ctx.app.inject({ method: 'GET', url: '/health' });
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toMatch(
        /^tokendesk_http_requests_total\{method="GET",route="\/api\/v1\/projects\/alerts\/:id",status_code="401"\} 2$/m,
      );
      expect(res.body).toMatch(/^tokendesk_http_requests_total\{method="GET",route="\/health",status_code="200"\} 1$/m);
      expect(res.body).toMatch(
        /^tokendesk_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/projects\/alerts\/:id",status_code="401"\} 2$/m,
      );
      expect(res.body).not.toContain('12345');
      // Default process metrics.
      expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);

      for (const remoteAddress of ['203.0.113.9', '::ffff:10.1.2.3', '2001:db8::1']) {
        const refused = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
        expect(refused.statusCode, remoteAddress).toBe(403);
        expect(refused.json().detail).toContain('METRICS_ALLOW');
        expect(refused.body).not.toContain('tokendesk_');
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      // Through a reverse proxy on this host: the peer is loopback, the client is not.
      for (const xff of ['203.0.113.9', '127.0.0.1, 203.0.113.9', '127.0.0.1,bogus']) {
        const proxied = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': xff } });
        expect(proxied.statusCode, xff).toBe(403);
      }
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode,
      ).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('METRICS_ALLOW opens it to listed ranges, METRICS_TOKEN to a bearer of the token; bad values stop the start', async () => {
    const token = 'scrape-me-please-0123456789abcdef';
    const ctx = await createTestContext({ METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32', METRICS_TOKEN: token });
    try {
      const get = (remoteAddress: string, authorization?: string) =>
        ctx.app
          .inject({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} })
          .then((r) => r.statusCode);
      expect(await get('10.20.30.40')).toBe(200);
      expect(await get('2001:db8::7')).toBe(200);
      expect(await get('127.0.0.1')).toBe(403); // the list replaces the default
      expect(await get('203.0.113.9', `Bearer ${token}`)).toBe(200);
      expect(await get('203.0.113.9', `Bearer ${token}x`)).toBe(403);
      expect(await get('203.0.113.9', 'Bearer ')).toBe(403);
    } finally {
      await ctx.close();
    }
    expect(() => loadConfig({ METRICS_ALLOW: 'localhost' })).toThrow(
      /METRICS_ALLOW="localhost": 'localhost' is not an IP address or CIDR range/,
    );
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/bad prefix length/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN="short": must be at least 24 characters/,
    );
    expect(loadConfig({ METRICS_ALLOW: '*' }).METRICS_ALLOW).toBe('*');
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id, replaces anything else with a UUID, and puts the id on every log line of the request', async () => {
    const logs = logCapture();
    const ctx = await createTestContext({}, { app: { logger: logs.logger } });
    try {
      const echoed = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: { 'x-request-id': 'edge-7f3a.42' },
      });
      expect(echoed.headers['x-request-id']).toBe('edge-7f3a.42');
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      const generated = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(generated.headers['x-request-id']).toMatch(uuid);
      const other = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(other.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
      for (const bad of ['two words', 'x'.repeat(129), 'quote"d', 'new\\nline']) {
        const res = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id'], bad).toMatch(uuid);
      }
      // Also on 404s and on pages the web app answers.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/nowhere' })).headers['x-request-id']).toMatch(uuid);

      const mine = logs.lines.filter((l) => l.reqId === 'edge-7f3a.42');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(mine[1]).toMatchObject({ res: { statusCode: 401 } });
      // Every request-scoped line of the app names its request.
      const requestLines = logs.lines.filter((l) => l.req || l.res);
      expect(requestLines.length).toBeGreaterThan(10);
      expect(requestLines.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

describe('IndexerStatus', () => {
  it('lag is the final blocks not indexed yet; an idle network has none; errors keep no URL', () => {
    let now = 1_000;
    const status = new IndexerStatus(() => now);
    const eth = REAL_NETWORKS.find((n) => n.id === 1)!;
    status.register(eth);
    expect(status.get(1)).toMatchObject({ state: 'starting', lagBlocks: null });
    status.succeeded(eth, { safeBlock: 100n, idle: false, indexedBlock: 90n });
    expect(status.get(1)).toMatchObject({
      state: 'indexing',
      safeBlock: 100n,
      headBlock: 100n + BigInt(eth.confirmations),
      indexedBlock: 90n,
      lagBlocks: 10n,
      lastTickAt: new Date(1_000),
    });
    now = 2_000;
    status.failed(
      eth,
      Object.assign(new Error('HTTP request failed.\nURL: https://eth.example/v2/SECRETKEY'), {
        name: 'HttpRequestError',
      }),
    );
    expect(status.get(1)).toMatchObject({
      state: 'failing',
      lastError: 'HttpRequestError: HTTP request failed.',
      lastErrorAt: new Date(2_000),
      consecutiveFailures: 1,
      lagBlocks: 10n,
    });
    status.failed(eth, new Error('fetch https://eth.example/v2/SECRETKEY failed'));
    expect(status.get(1)!.lastError).toBe('fetch <url> failed');
    status.succeeded(eth, { safeBlock: 120n, idle: false, indexedBlock: 120n });
    expect(status.get(1)).toMatchObject({ state: 'indexing', lagBlocks: 0n, consecutiveFailures: 0, failedTicks: 2 });
    status.succeeded(eth, { idle: true, indexedBlock: null });
    expect(status.get(1)).toMatchObject({ state: 'idle', headBlock: null, lagBlocks: null });
  });
});
