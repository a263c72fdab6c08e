/**
 * Benchmark: reserves and prices of 1,000 pools on the local devnet, and how many RPC requests
 * that takes. Target (product §16): at most 3 requests.
 *
 *   npx tsx bench/pool-reads.ts [--pools 1000] [--runs 5]
 *
 * It starts a fresh devnet in a temporary directory, creates real Uniswap V2 pairs with liquidity
 * between freshly deployed test tokens (the seeded DEMO/WETH, DEMO/USDC and SMPL/WETH V3 pools are
 * included too), then reads all of them through the server's own chain code.
 */
import { performance } from 'node:perf_hooks';
import { createChainClient } from '../apps/server/src/chain/client';
import { devnetNetwork } from '../apps/server/src/chain/networks';
import { readPoolStates, type PoolRef } from '../apps/server/src/chain/pools';
import { createBenchPools } from './lib/devnet-pools';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POOLS = arg('pools', 1000);
const RUNS = arg('runs', 5);
const TARGET_REQUESTS = 3;

const bench = await createBenchPools(POOLS - 3);
const { devnet } = bench;
try {
  const a = devnet.addresses;
  const { pairs, setupMs } = bench;
  const tokenCount = bench.tokens.length;
  const refs: PoolRef[] = pairs.map((p) => ({
    address: p.pair,
    version: 'v2',
    projectIsToken0: p.projectIsToken0,
    projectToken: p.token0,
    pairedToken: p.token1,
    projectDecimals: 18,
    pairedDecimals: 18,
  }));
  refs.push(
    {
      address: a.pools.demoWethV2,
      version: 'v2',
      projectIsToken0: a.demo.toLowerCase() < a.weth.toLowerCase(),
      projectToken: a.demo,
      pairedToken: a.weth,
      projectDecimals: 18,
      pairedDecimals: 18,
    },
    {
      address: a.pools.demoUsdcV2,
      version: 'v2',
      projectIsToken0: a.demo.toLowerCase() < a.usdc.toLowerCase(),
      projectToken: a.demo,
      pairedToken: a.usdc,
      projectDecimals: 18,
      pairedDecimals: 6,
    },
    {
      address: a.pools.smplWethV3,
      version: 'v3',
      projectIsToken0: a.smpl.toLowerCase() < a.weth.toLowerCase(),
      projectToken: a.smpl,
      pairedToken: a.weth,
      projectDecimals: 9,
      pairedDecimals: 18,
    },
  );

  let httpRequests = 0;
  let rpcCalls = 0;
  const client = createChainClient(devnetNetwork(devnet.rpcUrl, a), {
    requestTimeoutMs: 30_000,
    onFetchRequest: (request) => {
      httpRequests++;
      void request
        .clone()
        .json()
        .then((body: unknown) => (rpcCalls += Array.isArray(body) ? body.length : 1));
    },
  });

  const times: number[] = [];
  let counts: { http: number; rpc: number } = { http: 0, rpc: 0 };
  let priced = 0;
  for (let run = 0; run < RUNS; run++) {
    httpRequests = 0;
    rpcCalls = 0;
    const start = performance.now();
    const result = await readPoolStates(client, refs);
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20)); // let the request-body counters settle
    counts = { http: httpRequests, rpc: rpcCalls };
    priced = result.states.filter((s) => s?.price).length;
  }
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`pools read:            ${refs.length} (${refs.length - 1} V2, 1 V3), ${priced} with a price`);
  console.log(
    `setup (not measured):  ${tokenCount} tokens, ${pairs.length} pairs with liquidity in ${(setupMs / 1000).toFixed(1)} s`,
  );
  console.log(`RPC per read:          ${counts.http} HTTP requests, ${counts.rpc} JSON-RPC calls`);
  console.log(
    `time per read:         median ${median.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, worst ${times[times.length - 1]!.toFixed(0)} ms over ${RUNS} runs`,
  );
  console.log(`target ≤ ${TARGET_REQUESTS} requests:     ${counts.http <= TARGET_REQUESTS ? 'MET' : 'MISSED'}`);
  if (priced !== refs.length) console.log(`warning: ${refs.length - priced} pools had no price`);
} finally {
  await bench.close();
}
