/**
 * Benchmark: one indexer tick with 1,000 tracked pools on the local devnet. Targets (product §16): at
 * most 3 multicall requests, at most 5 eth_getLogs requests, under 2 s.
 *
 *   npx tsx bench/indexer-tick.ts [--pools 1000] [--activity 50] [--trader-reads 20] [--v4 50]
 *
 * `--v4` of the tracked pools are Uniswap V4 pools (docs/decisions/0042): the devnet's two seeded
 * ones plus pools initialised on its PoolManager for bench token pairs; their logs come from the
 * PoolManager by pool-id topic (one more eth_getLogs) and their state joins the same multicall. The
 * activity then also has a few V4 swaps.
 *
 * Setup (not measured): a fresh devnet with 997 real Uniswap V2 pairs plus the three seeded pools, all
 * tracked by one user in an in-memory database; the indexer backfills them. Then `--activity`
 * liquidity additions land in different pools (Mint + Sync events), and the next tick is measured:
 * it reads the new logs, stores them, snapshots all 1,000 pools and evaluates alerts, then reads the
 * senders (traders) of the newest events within `--trader-reads` RPC calls (decision 0033; 0: off).
 * The sender reads are printed apart: they are eth_getBlockReceipts, not multicalls or getLogs.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { demoAccounts, devnetClients, swapV4OnDevnet } from '@tokendesk/devchain';
import { encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, zeroAddress, type Address, type Hex } from 'viem';
import { ChainService } from '../apps/server/src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, type NetworkConfig } from '../apps/server/src/chain/networks';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { pools, projects, users } from '../apps/server/src/db/schema';
import { NetworkIndexer } from '../apps/server/src/indexer/indexer';
import { normalizeAddress } from '../apps/server/src/lib/addresses';
import { createBenchPools, tokenAbi } from './lib/devnet-pools';
import { startBenchPostgres } from './lib/postgres';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POOLS = arg('pools', 1000);
const ACTIVITY = arg('activity', 50);
const TRADER_READS = arg('trader-reads', 20);
const V4 = Math.max(arg('v4', 50), 2);
const pairAbi = parseAbi(['function mint(address) returns (uint256)']);
const poolManagerAbi = parseAbi(['function initialize((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, uint160 sqrtPriceX96) returns (int24 tick)']);
const V4_ACTIVITY = 5;

const bench = await createBenchPools(POOLS - 3 - V4);
// PostgreSQL like the server's default (a throwaway one, or a fresh database on DATABASE_URL's server).
const benchPg = await startBenchPostgres('bench_indexer');
const database = await openDatabase({ kind: 'postgres', url: benchPg.url });
try {
  const a = bench.devnet.addresses;
  const db = database.db;
  const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.com', passwordHash: 'unused' }).returning();
  // One project per project token, one pool row per pair (+ the seeded pools).
  const tokenProjects = new Map<string, number>();
  const projectFor = async (address: Address, symbol: string, decimals: number) => {
    const key = address.toLowerCase();
    if (!tokenProjects.has(key)) {
      const [p] = await db.insert(projects).values({ userId: user!.id, networkId: 31337, contractAddress: normalizeAddress(address), name: symbol, tokenSymbol: symbol, tokenDecimal: decimals }).returning();
      tokenProjects.set(key, p!.id);
    }
    return tokenProjects.get(key)!;
  };
  const rows: (typeof pools.$inferInsert)[] = [];
  for (const p of bench.pairs) {
    rows.push({
      projectId: await projectFor(p.token0, `T${bench.tokens.indexOf(p.token0)}`, 18),
      userId: user!.id, networkId: 31337, dexId: 'uniswap-v2', tokenId: 'bench',
      // Stored lower case, as the routes store them (decision 0027).
      pairedTokenAddress: normalizeAddress(p.token1), pairedTokenSymbol: `T${bench.tokens.indexOf(p.token1)}`, pairedTokenName: 'Bench', pairedTokenDecimals: 18,
      poolAddress: normalizeAddress(p.pair), poolVersion: 'v2', fee: null, projectIsToken0: p.projectIsToken0,
    });
  }
  const demo = await projectFor(a.demo, 'DEMO', 18);
  const smpl = await projectFor(a.smpl, 'SMPL', 9);
  const seeded = [
    { projectId: demo, pool: a.pools.demoWethV2, paired: a.weth, sym: 'WETH', dec: 18, version: 'v2' as const, fee: null, project: a.demo },
    { projectId: demo, pool: a.pools.demoUsdcV2, paired: a.usdc, sym: 'USDC', dec: 6, version: 'v2' as const, fee: null, project: a.demo },
    { projectId: smpl, pool: a.pools.smplWethV3, paired: a.weth, sym: 'WETH', dec: 18, version: 'v3' as const, fee: 3000, project: a.smpl },
  ];
  for (const s of seeded) {
    rows.push({
      projectId: s.projectId, userId: user!.id, networkId: 31337, dexId: s.version === 'v2' ? 'uniswap-v2' : 'uniswap-v3', tokenId: s.sym.toLowerCase(),
      pairedTokenAddress: normalizeAddress(s.paired), pairedTokenSymbol: s.sym, pairedTokenName: s.sym, pairedTokenDecimals: s.dec,
      poolAddress: normalizeAddress(s.pool), poolVersion: s.version, fee: s.fee, projectIsToken0: s.project.toLowerCase() < s.paired.toLowerCase(),
    });
  }
  // V4: the two seeded pools and V4 − 2 new ones, initialised (price 1, no liquidity) for bench pairs.
  const v4 = a.v4;
  const v4Keys: { key: { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }; id: Hex }[] = [];
  for (let k = 0; k < V4 - 2; k++) {
    const [t0, t1] = [bench.tokens[k % bench.tokens.length]!, bench.tokens[(k + 1) % bench.tokens.length]!];
    const [currency0, currency1] = BigInt(t0) < BigInt(t1) ? [t0, t1] : [t1, t0];
    // Distinct keys for the same pair differ in tick spacing, so every id is a pool of its own.
    const key = { currency0, currency1, fee: 3000, tickSpacing: 1 + Math.floor(k / bench.tokens.length), hooks: zeroAddress as Address };
    const id = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }], [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks])).toLowerCase() as Hex;
    v4Keys.push({ key, id });
    await bench.send({ to: v4.poolManager, data: encodeFunctionData({ abi: poolManagerAbi, functionName: 'initialize', args: [key, 2n ** 96n] }) });
  }
  await bench.flush();
  for (const { key, id } of v4Keys) {
    rows.push({
      projectId: await projectFor(key.currency0, `T${bench.tokens.indexOf(key.currency0)}`, 18),
      userId: user!.id, networkId: 31337, dexId: 'uniswap-v4', tokenId: 'bench',
      pairedTokenAddress: normalizeAddress(key.currency1), pairedTokenSymbol: `T${bench.tokens.indexOf(key.currency1)}`, pairedTokenName: 'Bench', pairedTokenDecimals: 18,
      poolAddress: id, poolVersion: 'v4', fee: key.fee, tickSpacing: key.tickSpacing, hooks: zeroAddress, projectIsToken0: true,
    });
  }
  for (const [pool, paired, sym, dec] of [
    [v4.pools.demoEthV4, zeroAddress, 'ETH', 18],
    [v4.pools.hookedV4, a.usdc, 'USDC', 6],
  ] as const) {
    rows.push({
      projectId: demo, userId: user!.id, networkId: 31337, dexId: 'uniswap-v4', tokenId: sym.toLowerCase(),
      pairedTokenAddress: normalizeAddress(paired), pairedTokenSymbol: sym, pairedTokenName: sym, pairedTokenDecimals: dec,
      poolAddress: pool.id.toLowerCase(), poolVersion: 'v4', fee: pool.key.fee, tickSpacing: pool.key.tickSpacing, hooks: normalizeAddress(pool.key.hooks),
      projectIsToken0: pool.key.currency0.toLowerCase() === a.demo.toLowerCase(),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(pools).values(rows.slice(i, i + 500));

  const counts = new Map<string, number>();
  let httpRequests = 0;
  const base = devnetNetwork(bench.devnet.rpcUrl, a);
  const network: NetworkConfig = base.dexes.some((d) => d.version === 'v4')
    ? base
    : { ...base, dexes: [...base.dexes, { id: 'uniswap-v4', name: 'Uniswap V4', logo: '', version: 'v4', poolManager: v4.poolManager, stateView: v4.stateView }] };
  const chain = new ChainService(new NetworkRegistry([network]), {
    requestTimeoutMs: 30_000,
    onFetchRequest: (request) => {
      httpRequests++;
      void request.clone().json().then((body: unknown) => {
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

  // Activity: liquidity added to ACTIVITY different pools.
  for (let k = 0; k < ACTIVITY; k++) {
    const p = bench.pairs[(k * 17) % bench.pairs.length]!;
    await bench.send({ to: p.token0, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.pair, 10n ** 18n] }) });
    await bench.send({ to: p.token1, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [p.pair, 10n ** 18n] }) });
    await bench.send({ to: p.pair, data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [a.deployer] }) });
  }
  await bench.flush();
  const clients = devnetClients(bench.devnet.rpcUrl);
  for (let k = 0; k < V4_ACTIVITY; k++) {
    await swapV4OnDevnet(clients, { from: demoAccounts[k % demoAccounts.length]!, pool: k % 2 ? 'demo-usdc-v4' : 'demo-eth-v4', side: k % 2 ? 'sell' : 'buy', amount: k % 2 ? '100' : '0.1' });
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
  const [unread] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pool_events where trader is null`);

  console.log(`tracked pools:         ${rows.length} (${rows.length - 1 - V4} V2, 1 V3, ${V4} V4); activity: ${ACTIVITY} V2 liquidity additions, ${V4_ACTIVITY} V4 swaps`);
  console.log(`setup (not measured):  pools ${(bench.setupMs / 1000).toFixed(1)} s, backfill ${(backfillMs / 1000).toFixed(1)} s`);
  console.log(`measured tick:         ${result.eventsStored} events stored, ${result.snapshotsWritten} snapshots written, blocks from ${result.fromBlocks?.join(', ')} to ${result.safeBlock}`);
  console.log(`RPC in the tick:       ${httpRequests} HTTP requests: ${[...counts].map(([m, n]) => `${m} ×${n}`).join(', ')}`);
  console.log(`time of the tick:      ${ms.toFixed(0)} ms`);
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
