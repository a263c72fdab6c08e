import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPoolOnDevnet,
  demoAccounts,
  deployHolderTestToken,
  deployTestContract,
  devnetClients,
} from '@tokendesk/devchain';
import { TOKEN_NAME_MAX_LENGTH, TOKEN_SYMBOL_MAX_LENGTH, type Notification, type TokenInfo } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { discoveredPools, indexerSkippedItems } from '../../src/db/schema';
import type { IndexerLogger } from '../../src/indexer/runner';
import { startIndexers } from '../../src/indexer/runner';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { IndexerStatus } from '../../src/indexer/status';
import { createMetrics } from '../../src/ops/metrics';
import { bearer, createTestContext, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

// This file deploys hostile tokens and creates pools: it holds the run's shared devnet (lock,
// snapshot) and reverts it afterwards (@tokendesk/testkit/shared-chain).
let devnet: SharedChain;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let ctx: TestContext;
let status: IndexerStatus;
let owner: Awaited<ReturnType<typeof signUp>>;
let demoProjectId: number;

const [alice] = demoAccounts as [Address];
const SUPPLY = 10n ** 24n;
const NUL = String.fromCharCode(0);
/** Anything a user should never see: controls (NUL included), bidi and zero-width characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
// Provider keys live in RPC URLs: the proxy puts one in its error text, and none may come out.
const SECRET = 'k3y-0f-the-provider-9f8e7d';
const metadataAbi = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)']);

const clients = () => devnetClients(devnet.rpcUrl);
const network = () => ctx.app.chain.registry.get(31337)!;
const auth = () => ({ authorization: bearer(owner.token) });

/**
 * A JSON-RPC proxy in front of the devnet that can refuse eth_getLogs calls on the factories (the
 * new-pool watch's reads) — a node that fails deterministically for one loop only.
 */
async function startRpcProxy(upstream: string, factories: string[]) {
  // refuseHistoryOf: that token's history is not on this node: eth_getCode at any block but
  // 'latest' fails as on a node without archive state, and eth_getLogs of it as on one whose old
  // logs expired (EIP-4444). The holder indexer can find no start for it (token info needs neither).
  const state = { failFactoryLogs: false, refused: 0, firstRefusedAt: 0, refuseHistoryOf: '' };
  const watched = factories.map((f) => f.toLowerCase());
  type Call = { id: number; method: string; params?: unknown[] };
  const refusesCode = (c: Call) =>
    c.method === 'eth_getCode' &&
    state.refuseHistoryOf !== '' &&
    String(c.params?.[0]).toLowerCase() === state.refuseHistoryOf &&
    c.params?.[1] !== 'latest';
  const refusesTokenLogs = (c: Call) =>
    c.method === 'eth_getLogs' &&
    state.refuseHistoryOf !== '' &&
    [(c.params?.[0] as { address?: string | string[] } | undefined)?.address ?? []]
      .flat()
      .some((a) => String(a).toLowerCase() === state.refuseHistoryOf);
  const refusesLogs = (c: Call) =>
    state.failFactoryLogs &&
    c.method === 'eth_getLogs' &&
    [(c.params?.[0] as { address?: string | string[] } | undefined)?.address ?? []]
      .flat()
      .some((a) => watched.includes(String(a).toLowerCase()));
  const refuses = (c: Call) => refusesCode(c) || refusesTokenLogs(c) || refusesLogs(c);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
        const calls = Array.isArray(parsed) ? parsed : [parsed];
        const forward = calls.filter((c) => !refuses(c));
        const answers = new Map<number, unknown>();
        if (forward.length > 0) {
          const r = await fetch(upstream, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(forward),
          });
          for (const a of (await r.json()) as { id: number }[]) answers.set(a.id, a);
        }
        const out = calls.map((c) => {
          if (answers.has(c.id)) return answers.get(c.id);
          if (refusesCode(c))
            return {
              jsonrpc: '2.0',
              id: c.id,
              error: { code: -32000, message: 'missing trie node (historical state not available)' },
            };
          if (refusesTokenLogs(c))
            return { jsonrpc: '2.0', id: c.id, error: { code: 4444, message: 'pruned history unavailable' } };
          state.refused += 1;
          state.firstRefusedAt ||= Date.now();
          return {
            jsonrpc: '2.0',
            id: c.id,
            error: {
              code: -32603,
              message: `internal error at upstream http://127.0.0.1:${port}/v3/${SECRET} while serving logs`,
            },
          };
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(parsed) ? out : out[0]));
      })().catch((err: unknown) => res.writeHead(502).end(String(err)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v3/${SECRET}`,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A pino-like logger that keeps its lines (with the bindings of its children). */
function captureLogger(lines: Record<string, unknown>[], bindings: Record<string, unknown> = {}): IndexerLogger {
  return {
    info: (obj, msg) => lines.push({ level: 'info', ...bindings, ...obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', ...bindings, ...obj, msg }),
    child: (more) => captureLogger(lines, { ...bindings, ...more }),
  };
}

async function fetchInfo(address: Address) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/get-token-info/',
    headers: auth(),
    payload: { network: 31337, contract_address: address },
  });
}

async function createProject(address: Address, name: string, symbol: string, decimals: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: auth(),
    payload: { network: 31337, contract_address: address, name, token_symbol: symbol, token_decimal: decimals },
  });
}

const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 20_000,
): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  devnet = await claimSharedChain('hostile-tokens.test.ts');
  proxy = await startRpcProxy(devnet.rpcUrl, [devnet.addresses.uniswapV2Factory, devnet.addresses.uniswapV3Factory]);
  status = new IndexerStatus();
  const metrics = createMetrics(status);
  const registry = new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(proxy.url, devnet.addresses)]);
  const chain = new ChainService(registry, { poolStateTtlMs: 0, onRpc: metrics.observeRpc });
  ctx = await createTestContext({}, { chain, app: { metrics, indexerStatus: status, indexerRunning: true } });
  owner = await signUp(ctx.app);
  const demo = await createProject(devnet.addresses.demo, 'Demo Token', 'DEMO', 18);
  expect(demo.statusCode, demo.body).toBe(201);
  demoProjectId = demo.json().id as number;
  // A database that refuses one kind of notification: stands for any row a constraint rejects.
  await ctx.database.db.execute(
    sql.raw(`create function refuse_marked_notifications() returns trigger language plpgsql as $$
    begin
      if new.message like '%REFUSEME%' then raise exception 'notification refused by a test trigger'; end if;
      return new;
    end $$`),
  );
  await ctx.database.db.execute(
    sql.raw(
      'create trigger refuse_marked before insert on notifications for each row execute function refuse_marked_notifications()',
    ),
  );
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  await devnet?.release();
});

describe('Fetch Token Info on hostile metadata', () => {
  const deployOdd = async (name: string, symbol: string, reverts = false) =>
    (await deployTestContract(clients(), alice, 'oddMetadataToken', [name, symbol, reverts, SUPPLY])).address;

  /** Fetch, then Add Project with exactly what was fetched: 201, and the project shows those values. */
  async function fetchThenCreate(address: Address): Promise<TokenInfo> {
    const res = await fetchInfo(address);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json<TokenInfo>();
    expect(info.decimals).toBe(18);
    expect(info.name).not.toMatch(INVISIBLE);
    expect(info.symbol).not.toMatch(INVISIBLE);
    expect(info.name.length).toBeGreaterThan(0);
    expect(info.symbol.length).toBeGreaterThan(0);
    expect(info.name.length).toBeLessThanOrEqual(TOKEN_NAME_MAX_LENGTH);
    expect(info.symbol.length).toBeLessThanOrEqual(TOKEN_SYMBOL_MAX_LENGTH);
    const created = await createProject(address, info.name, info.symbol, info.decimals);
    expect(created.statusCode, created.body).toBe(201);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${created.json().id}/`,
      headers: auth(),
    });
    expect(shown.json()).toMatchObject({ name: info.name, token_symbol: info.symbol, token_decimal: 18 });
    return info;
  }

  it('removes NULs, control, bidi and zero-width characters and says so', async () => {
    const token = await deployOdd(
      `Null${NUL}Token\u0007 \u202eevil\u202c${NUL}${NUL}`,
      `NUL${NUL}S\u200bYM${NUL}\u0001`,
    );
    // What the chain answers, for the record: the characters are really there.
    const onChain = await clients().public.readContract({ address: token, abi: metadataAbi, functionName: 'symbol' });
    expect(onChain).toContain(NUL);
    const info = await fetchThenCreate(token);
    expect(info).toMatchObject({ name: 'NullToken evil', symbol: 'NULSYM' });
    expect(info.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/symbol contained invisible or invalid characters/),
        expect.stringMatching(/name contained/),
      ]),
    );
  });

  it('cuts a 20 KB symbol and a 300-character name to what a project stores, with an ellipsis', async () => {
    const token = await deployOdd('N'.repeat(300), 'S'.repeat(20_000));
    const onChain = await clients().public.readContract({ address: token, abi: metadataAbi, functionName: 'symbol' });
    expect(onChain.length).toBe(20_000);
    const info = await fetchThenCreate(token);
    expect(info.name).toBe(`${'N'.repeat(TOKEN_NAME_MAX_LENGTH - 1)}…`);
    expect(info.symbol).toBe(`${'S'.repeat(TOKEN_SYMBOL_MAX_LENGTH - 1)}…`);
    expect(info.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/symbol was longer/), expect.stringMatching(/name was longer/)]),
    );
  });

  it('falls back to the address when name and symbol are empty, and says so', async () => {
    const token = await deployOdd('', '');
    const info = await fetchThenCreate(token);
    const label = `${token.slice(0, 6)}…${token.slice(-4)}`;
    expect(info).toMatchObject({ symbol: label, name: label });
    expect(info.notes).toEqual([
      expect.stringMatching(/no[t]? provide a usable symbol \(symbol\(\) answered nothing printable\)/),
      expect.stringMatching(/usable name/),
    ]);
  });

  it('still treats a token whose name() and symbol() revert as an ERC-20 (both optional in EIP-20)', async () => {
    const token = await deployOdd('Hidden', 'HID', true);
    await expect(
      clients().public.readContract({ address: token, abi: metadataAbi, functionName: 'symbol' }),
    ).rejects.toThrow();
    const info = await fetchThenCreate(token);
    const label = `${token.slice(0, 6)}…${token.slice(-4)}`;
    expect(info).toMatchObject({ symbol: label, name: label });
    expect(info.notes).toEqual([expect.stringMatching(/symbol\(\) failed/), expect.stringMatching(/name\(\) failed/)]);
  });

  it('answers clean tokens exactly as before, without notes', async () => {
    const { address } = await deployHolderTestToken(clients(), alice, SUPPLY);
    const res = await fetchInfo(address);
    expect(res.json()).toEqual({ name: 'Holder Test', symbol: 'HOLD', decimals: 18 });
  });
});

describe('the new-pool watch on hostile pairs', () => {
  it('tells of a pair with a NUL-symbol token cleanly, skips a notification the database refuses, and still finds the pools after them', async () => {
    const watch = new PoolWatch(ctx.database.db, ctx.app.chain, network());
    await watch.tick(); // the watch starts here

    const nul = (
      await deployTestContract(clients(), alice, 'oddMetadataToken', [
        `Nul${NUL}Token`,
        `NUL${NUL}SYM${NUL}\u0007`,
        false,
        SUPPLY,
      ])
    ).address;
    const nulPool = (await createPoolOnDevnet(clients(), { version: 'v2', tokenA: devnet.addresses.demo, tokenB: nul }))
      .address;
    const refused = (
      await deployTestContract(clients(), alice, 'oddMetadataToken', ['Refused', 'REFUSEME', false, SUPPLY])
    ).address;
    const refusedPool = (
      await createPoolOnDevnet(clients(), { version: 'v2', tokenA: devnet.addresses.demo, tokenB: refused })
    ).address;
    const { address: genuine } = await deployHolderTestToken(clients(), alice, SUPPLY);
    const genuinePool = (
      await createPoolOnDevnet(clients(), { version: 'v2', tokenA: devnet.addresses.demo, tokenB: genuine })
    ).address;

    for (let i = 0; i < 3; i++) if ((await watch.tick()).caughtUp) break;

    const found = await ctx.database.db
      .select()
      .from(discoveredPools)
      .where(eq(discoveredPools.projectId, demoProjectId));
    const foundPools = found.map((f) => f.poolAddress.toLowerCase()).sort();
    expect(foundPools).toEqual([nulPool, genuinePool].map((a) => a.toLowerCase()).sort());

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/projects/notifications/', headers: auth() })
    ).json<Notification[]>();
    const messages = list.map((n) => n.message);
    const nulMessage = messages.find((m) => m.includes(nulPool));
    expect(nulMessage).toContain('A DEMO/NULSYM pool was created');
    expect(messages.find((m) => m.includes(genuinePool))).toContain('A DEMO/HOLD pool was created');
    for (const n of list) {
      expect(n.message).not.toMatch(INVISIBLE);
      expect(n.title).not.toMatch(INVISIBLE);
    }
    expect(messages.some((m) => m.includes(refusedPool))).toBe(false);

    const skipped = await ctx.database.db
      .select()
      .from(indexerSkippedItems)
      .where(and(eq(indexerSkippedItems.networkId, 31337), eq(indexerSkippedItems.part, 'pool-watch')));
    expect(skipped).toEqual([
      expect.objectContaining({
        item: `${refusedPool.toLowerCase()}:project-${demoProjectId}`,
        reason: 'notification-rejected',
        attempts: 1,
        detail: expect.stringContaining('notification refused by a test trigger'),
      }),
    ]);
  }, 60_000);
});

describe('a stuck loop on /ready and /metrics', () => {
  it('is reported within one tick, logged on every failure with growing waits, counted by part; skipped items by reason; no RPC URL anywhere', async () => {
    const lines: Record<string, unknown>[] = [];
    const indexers = startIndexers(ctx.database, ctx.app.chain, captureLogger(lines), {
      status,
      backfillSeconds: 3600,
    });
    try {
      const part = (name: string) => status.get(31337)?.parts.find((p) => p.part === name);
      await waitFor('the watch to run', () => part('pool-watch')?.state === 'ok');

      // One token whose history the node cannot serve: skipped and recorded, the holder loop goes on
      // (a few ticks in a row would fail it: apps/server/test/indexer/pruned-node.test.ts). Then the node
      // has it again, and the token's history is read.
      const { address: archiveless } = await deployHolderTestToken(clients(), alice, SUPPLY);
      proxy.state.refuseHistoryOf = archiveless.toLowerCase();
      expect((await createProject(archiveless, 'Archiveless', 'ARCH', 18)).statusCode).toBe(201);
      await waitFor('the token skip', () =>
        status.get(31337)?.skipped.find((s) => s.part === 'holders' && s.reason === 'token-failed'),
      );
      proxy.state.refuseHistoryOf = '';
      expect(part('holders')!.state).toBe('ok');
      const [tokenSkip] = await ctx.database.db
        .select()
        .from(indexerSkippedItems)
        .where(and(eq(indexerSkippedItems.part, 'holders'), eq(indexerSkippedItems.item, archiveless.toLowerCase())));
      expect(tokenSkip).toMatchObject({
        reason: 'token-failed',
        detail: expect.stringContaining('pruned history unavailable'),
      });
      expect(tokenSkip!.detail).not.toContain(SECRET);

      // A skipped item under the running loop: counted by reason on /metrics.
      const refused = (
        await deployTestContract(clients(), alice, 'oddMetadataToken', ['Refused again', 'REFUSEME2', false, SUPPLY])
      ).address;
      await createPoolOnDevnet(clients(), { version: 'v2', tokenA: devnet.addresses.demo, tokenB: refused });
      await waitFor('the skip', () => status.get(31337)?.skipped.find((s) => s.reason === 'notification-rejected'));
      const metricsBefore = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metricsBefore).toMatch(
        /^tokendesk_indexer_skipped_items_total\{network="devnet",part="pool-watch",reason="notification-rejected"\} 1$/m,
      );
      expect(metricsBefore).toMatch(
        /^tokendesk_indexer_skipped_items_total\{network="devnet",part="holders",reason="token-failed"\} [1-9]\d*$/m,
      );
      expect(metricsBefore).toMatch(/^tokendesk_indexer_up\{network="devnet"\} 1$/m);

      // The node now refuses the watch's eth_getLogs: that loop cannot progress.
      proxy.state.failFactoryLogs = true;
      // A new block, so that the watch has a range to read.
      await deployHolderTestToken(clients(), alice, SUPPLY);
      await waitFor('a refused eth_getLogs', () => proxy.state.refused > 0);
      const ready = await waitFor(
        '/ready to show the stuck watch',
        async () => {
          const body = (await ctx.app.inject({ method: 'GET', url: '/ready' })).json() as {
            networks: Record<string, unknown>[];
          };
          const n = body.networks.find((x) => x.id === 31337)!;
          return n.state === 'failing' ? { n, text: JSON.stringify(body) } : null;
        },
        network().pollIntervalMs,
      );
      // Within one tick of the node's first refusal.
      expect(Date.now() - proxy.state.firstRefusedAt).toBeLessThanOrEqual(network().pollIntervalMs);
      expect(ready.n).toMatchObject({ failing_part: 'pool-watch', consecutive_failures: 1 });
      expect(ready.n.last_error).toMatch(/internal error at upstream <url>/);
      expect(Date.parse(ready.n.failing_since as string)).toBeGreaterThanOrEqual(proxy.state.firstRefusedAt - 1000);
      expect(ready.n.stuck_seconds).toBeGreaterThanOrEqual(0);
      const parts = new Map(
        (ready.n.parts as { part: string; state: string; next_attempt_at: string | null }[]).map((p) => [p.part, p]),
      );
      expect(parts.get('pool-watch')).toMatchObject({ state: 'failing' });
      expect(Date.parse(parts.get('pool-watch')!.next_attempt_at!)).toBeGreaterThan(Date.now());
      expect(parts.get('holders')!.state).toBe('ok');
      expect(ready.text).not.toContain(SECRET);
      expect(ready.text).not.toContain('127.0.0.1');

      const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^tokendesk_indexer_up\{network="devnet"\} 0$/m);
      expect(metrics).toMatch(/^tokendesk_indexer_failed_ticks_total\{network="devnet",part="pool-watch"\} 1$/m);
      expect(metrics).toMatch(/^tokendesk_indexer_failed_ticks_total\{network="devnet",part="pools"\} 0$/m);
      expect(metrics).toMatch(/^tokendesk_indexer_part_failing_seconds\{network="devnet",part="pool-watch"\} \d+/m);
      expect(metrics).not.toContain(SECRET);

      // Every failure is logged, and the wait before the next attempt doubles.
      await waitFor('a second failure', () => (part('pool-watch')?.consecutiveFailures ?? 0) >= 2, 15_000);
      const failures = lines.filter(
        (l) => l.level === 'warn' && l.part === 'pool-watch' && /^new-pool watch tick failed: /.test(String(l.msg)),
      );
      expect(failures.map((l) => l.failures)).toEqual([1, 2]);
      expect(failures.map((l) => l.retryInMs)).toEqual([network().pollIntervalMs * 2, network().pollIntervalMs * 4]);
      expect(failures[0]).toMatchObject({ network: 'devnet' });

      // The node answers again: the watch recovers on its next attempt.
      proxy.state.failFactoryLogs = false;
      await waitFor('recovery', () => part('pool-watch')?.state === 'ok', 15_000);
      const after = (await ctx.app.inject({ method: 'GET', url: '/ready' })).json() as {
        networks: Record<string, unknown>[];
      };
      expect(after.networks.find((x) => x.id === 31337)).toMatchObject({
        state: 'idle',
        failing_part: null,
        failing_since: null,
        stuck_seconds: null,
      }); // no pool tracked: the pool indexer is idle;
      expect(lines.some((l) => l.msg === 'new-pool watch recovered')).toBe(true);
      expect(JSON.stringify(lines)).not.toContain(SECRET);
    } finally {
      await indexers.stop();
    }
  }, 90_000);
});
