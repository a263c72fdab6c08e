/**
 * Benchmark: one indexer tick with 1,000 tracked pools spread over every DEX family on the local
 * devnet. Targets (product §16, issue 30): at most 3 multicall requests, at most 5 eth_getLogs
 * requests, under 2 s.
 *
 *   npm run bench:indexer [-- --pools 1000] [--activity 50] [--trader-reads 20] [--families a,b] [--setup-only]
 *
 * The families are the server's registry (chain/dex/registry.ts ADAPTERS): every family with an
 * adapter gets an equal share of the pools (the remainder goes to Uniswap V2), created on the
 * devnet for bench token pairs (bench/lib/family-pools.ts; a family the devnet does not deploy is
 * named and left out). So the same command covers a family as soon as its adapter is registered.
 * `--families` (with `--setup-only`) creates pools of families without an adapter too, to check
 * their devnet setup; it tracks and measures nothing.
 *
 * Setup (not measured): a fresh devnet, the pools, all tracked by one user in PostgreSQL; the
 * indexer backfills them. Then `--activity` liquidity additions land in different V2 pools (Mint +
 * Sync), a few Solidly pools get liquidity too when Solidly is tracked, and a few V4 swaps go
 * through the seeded V4 pools; the next tick is measured: it reads the new logs, stores them,
 * snapshots every pool and evaluates alerts, then reads the senders (traders) of the newest events
 * within `--trader-reads` RPC calls (decision 0033; 0: off). The sender reads are printed apart:
 * they are eth_getBlockReceipts, not multicalls or getLogs.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { demoAccounts, devnetClients, swapV4OnDevnet } from '@tokendesk/devchain';
import { encodeFunctionData, parseAbi, type Address } from 'viem';
import { ChainService } from '../apps/server/src/chain/chain-service';
import { ADAPTERS } from '../apps/server/src/chain/dex/registry';
import {
  DEX_FAMILIES,
  devnetNetwork,
  NetworkRegistry,
  type DexFamily,
  type NetworkConfig,
} from '../apps/server/src/chain/networks';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { pools, projects, users } from '../apps/server/src/db/schema';
import { NetworkIndexer } from '../apps/server/src/indexer/indexer';
import { normalizeAddress, normalizePoolAddress } from '../apps/server/src/lib/addresses';
import { createBenchPools, tokenAbi } from './lib/devnet-pools';
import { DEVNET_FAMILY_CREATORS, missingPools, type FamilyPool } from './lib/family-pools';
import { startBenchPostgres } from './lib/postgres';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POOLS = arg('pools', 1000);
const ACTIVITY = arg('activity', 50);
const TRADER_READS = arg('trader-reads', 20);
const SETUP_ONLY = process.argv.includes('--setup-only');
// Profiling only (bench/lib/devnet-pools.ts keepDir): the chain and its pools are kept in this directory and reused.
const keepArg = process.argv.indexOf('--keep-devnet');
const KEEP_DIR = keepArg > 0 ? process.argv[keepArg + 1] : undefined;
const familiesArg = process.argv.indexOf('--families');
const REGISTERED = Object.keys(ADAPTERS) as DexFamily[];
const ASKED: DexFamily[] = familiesArg > 0 ? (process.argv[familiesArg + 1]!.split(',') as DexFamily[]) : REGISTERED;
for (const f of ASKED)
  if (!(DEX_FAMILIES as readonly string[]).includes(f))
    throw new Error(`--families: no family ${f} (known: ${DEX_FAMILIES.join(', ')})`);
const unregistered = ASKED.filter((f) => !REGISTERED.includes(f));
if (unregistered.length > 0 && !SETUP_ONLY)
  throw new Error(
    `no adapter on this branch for ${unregistered.join(', ')}: a tick cannot read them (use --setup-only to check their devnet setup)`,
  );
const FAMILIES = ASKED.filter((f) => DEVNET_FAMILY_CREATORS[f]);
const NO_DEVNET = ASKED.filter((f) => !DEVNET_FAMILY_CREATORS[f]);
if (!FAMILIES.includes('uniswap-v2'))
  throw new Error('the bench needs Uniswap V2 among the families (its activity is V2 liquidity)');
const share = Math.floor(POOLS / FAMILIES.length);
const PLAN = new Map(FAMILIES.map((f) => [f, share + (f === 'uniswap-v2' ? POOLS - share * FAMILIES.length : 0)]));
const pairAbi = parseAbi(['function mint(address) returns (uint256)']);
const V4_ACTIVITY = FAMILIES.includes('uniswap-v4') ? 5 : 0;
const SOLIDLY_ACTIVITY = FAMILIES.includes('solidly') ? 10 : 0;

// Enough tokens that every family finds its share of distinct pairs (Algebra and LB: one pool a pair).
let minTokens = 2;
while ((minTokens * (minTokens - 1)) / 2 < share) minTokens++;
const bench = await createBenchPools(PLAN.get('uniswap-v2')!, { minTokens, keepDir: KEEP_DIR });
// The pools first: PostgreSQL's connections would otherwise idle through minutes of setup.
const created: FamilyPool[] = [];
const familySetup: string[] = [];
try {
  if (bench.reused) created.push(...(bench.reused.created as FamilyPool[]));
  else
    for (const family of FAMILIES) {
      const t0 = performance.now();
      const made = await DEVNET_FAMILY_CREATORS[family]!(bench, PLAN.get(family)!);
      created.push(...made);
      familySetup.push(`${family} ${made.length} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
  const missing = await missingPools(bench.devnet.rpcUrl, created);
  if (missing.length > 0)
    throw new Error(`${missing.length} pools were not created, first: ${missing[0]!.family} ${missing[0]!.address}`);
  if (!bench.reused) bench.saveSetup({ tokens: bench.tokens, pairs: bench.pairs, created });
} catch (err) {
  await bench.close();
  throw err;
}
const byFamily = FAMILIES.map((f) => `${created.filter((p) => p.family === f).length} ${f}`).join(', ');
console.log(
  `families:              ${FAMILIES.join(', ')}${NO_DEVNET.length > 0 ? `; no devnet deployment, left out: ${NO_DEVNET.join(', ')}` : ''}`,
);
console.log(`pools created:         ${created.length} (${byFamily}); setup ${familySetup.join(', ')}`);
if (SETUP_ONLY) {
  await bench.close();
  process.exit(0);
}
// PostgreSQL like the server's default (a throwaway one, or a fresh database on DATABASE_URL's server).
const benchPg = await startBenchPostgres('bench_indexer');
const database = await openDatabase({ kind: 'postgres', url: benchPg.url });
try {
  const a = bench.devnet.addresses;
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.com', passwordHash: 'unused' })
    .returning();
  // One project per project token (token0 of each pool), one pool row per pool.
  const tokenProjects = new Map<string, number>();
  const symbolOf = (address: Address) => `T${bench.tokens.findIndex((t) => t.toLowerCase() === address.toLowerCase())}`;
  const projectFor = async (address: Address) => {
    const key = address.toLowerCase();
    if (!tokenProjects.has(key)) {
      const [p] = await db
        .insert(projects)
        .values({
          userId: user!.id,
          networkId: 31337,
          contractAddress: normalizeAddress(address),
          name: symbolOf(address),
          tokenSymbol: symbolOf(address),
          tokenDecimal: 18,
        })
        .returning();
      tokenProjects.set(key, p!.id);
    }
    return tokenProjects.get(key)!;
  };
  const rows: (typeof pools.$inferInsert)[] = [];
  for (const p of created) {
    rows.push({
      projectId: await projectFor(p.token0),
      userId: user!.id,
      networkId: 31337,
      dexId: p.family,
      tokenId: 'bench',
      // Stored lower case, as the routes store them (decision 0027).
      pairedTokenAddress: normalizeAddress(p.token1),
      pairedTokenSymbol: symbolOf(p.token1),
      pairedTokenName: 'Bench',
      pairedTokenDecimals: 18,
      poolAddress: normalizePoolAddress(p.address),
      poolVersion: p.version,
      fee: p.fee,
      projectIsToken0: true,
      tickSpacing: p.tickSpacing ?? null,
      hooks: p.hooks ? normalizeAddress(p.hooks) : null,
      stable: p.stable ?? null,
      binStep: p.binStep ?? null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(pools).values(rows.slice(i, i + 500));
  const v4 = a.v4;

  const counts = new Map<string, number>();
  let httpRequests = 0;
  const base = devnetNetwork(bench.devnet.rpcUrl, a);
  const network: NetworkConfig = base.dexes.some((d) => d.version === 'v4')
    ? base
    : {
        ...base,
        dexes: [
          ...base.dexes,
          {
            id: 'uniswap-v4',
            name: 'Uniswap V4',
            logo: '',
            version: 'v4',
            poolManager: v4.poolManager,
            stateView: v4.stateView,
          },
        ],
      };
  const chain = new ChainService(new NetworkRegistry([network]), {
    requestTimeoutMs: 30_000,
    onFetchRequest: (request) => {
      httpRequests++;
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          for (const call of Array.isArray(body) ? body : [body]) {
            const method = (call as { method: string }).method;
            counts.set(method, (counts.get(method) ?? 0) + 1);
          }
        });
    },
  });
  const indexer = new NetworkIndexer(db, chain, chain.registry.get(31337)!, { traderReadsPerTick: TRADER_READS });
  const backfillStart = performance.now();
  for (let i = 0; i < 100 && !(await indexer.tick()).caughtUp; i++);
  const backfillMs = performance.now() - backfillStart;

  // Activity: liquidity added to ACTIVITY different V2 pools, to SOLIDLY_ACTIVITY Solidly pools, V4 swaps.
  for (let k = 0; k < ACTIVITY; k++) {
    const p = bench.pairs[(k * 17) % bench.pairs.length]!;
    await bench.send({
      to: p.token0,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.pair, 10n ** 18n] }),
    });
    await bench.send({
      to: p.token1,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.pair, 10n ** 18n] }),
    });
    await bench.send({
      to: p.pair,
      data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [a.deployer] }),
    });
  }
  const solidlyPools = created.filter((p) => p.family === 'solidly');
  for (let k = 0; k < SOLIDLY_ACTIVITY && k < solidlyPools.length; k++) {
    const p = solidlyPools[(k * 7) % solidlyPools.length]!;
    await bench.send({
      to: p.token0,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.address, 10n ** 18n] }),
    });
    await bench.send({
      to: p.token1,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.address, 10n ** 18n] }),
    });
    await bench.send({
      to: p.address,
      data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [a.deployer] }),
    });
  }
  await bench.flush();
  const clients = devnetClients(bench.devnet.rpcUrl);
  for (let k = 0; k < V4_ACTIVITY; k++) {
    await swapV4OnDevnet(clients, {
      from: demoAccounts[k % demoAccounts.length]!,
      pool: k % 2 ? 'demo-usdc-v4' : 'demo-eth-v4',
      side: k % 2 ? 'sell' : 'buy',
      amount: k % 2 ? '100' : '0.1',
    });
  }

  counts.clear();
  httpRequests = 0;
  const start = performance.now();
  const result = await indexer.tick();
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 50)); // let the body counters settle
  const multicalls = counts.get('eth_call') ?? 0;
  const getLogs = counts.get('eth_getLogs') ?? 0;
  const senderCalls = (counts.get('eth_getBlockReceipts') ?? 0) + (counts.get('eth_getTransactionByHash') ?? 0);
  const [unread] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pool_events where trader is null`,
  );

  console.log(
    `tracked pools:         ${rows.length} (${byFamily}); activity: ${ACTIVITY} V2 liquidity additions, ${Math.min(SOLIDLY_ACTIVITY, solidlyPools.length)} Solidly liquidity additions, ${V4_ACTIVITY} V4 swaps`,
  );
  console.log(
    `setup (not measured):  pools ${(bench.setupMs / 1000).toFixed(1)} s, backfill ${(backfillMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `measured tick:         ${result.eventsStored} events stored, ${result.snapshotsWritten} snapshots written, blocks from ${result.fromBlocks?.join(', ')} to ${result.safeBlock}`,
  );
  console.log(
    `RPC in the tick:       ${httpRequests} HTTP requests: ${[...counts].map(([m, n]) => `${m} ×${n}`).join(', ')}`,
  );
  console.log(`time of the tick:      ${ms.toFixed(0)} ms`);
  console.log(
    `where the time went:   ${Object.entries(result.phases)
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(', ')}`,
  );
  console.log(
    `trader reads (added):  ${senderCalls} RPC calls (limit ${TRADER_READS}, ${result.traders?.mode ?? 'failed'}), ${result.traders?.filled ?? 0} events given a trader, ` +
      `${unread?.n ?? 0} events still without one (read on later ticks); ${(result.traders?.ms ?? 0).toFixed(0)} ms of the tick, ` +
      `so ${(ms - (result.traders?.ms ?? 0)).toFixed(0)} ms without them`,
  );
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  console.log(`target ≤ 3 multicalls: ${verdict(multicalls <= 3)} (${multicalls})`);
  console.log(`target ≤ 5 getLogs:    ${verdict(getLogs <= 5)} (${getLogs})`);
  console.log(`target < 2 s:          ${verdict(ms < 2000)} (${ms.toFixed(0)} ms)`);
} finally {
  await database.close();
  await benchPg.stop();
  await bench.close();
}
