/**
 * Benchmark: reserves and prices of 1,000 pools on the local devnet, and how many RPC requests
 * that takes. Target (issue 3): at most 3 requests.
 *
 *   npx tsx bench/pool-reads.ts [--pools 1000] [--runs 5]
 *
 * It starts a fresh devnet in a temporary directory, creates real Uniswap V2 pairs with liquidity
 * between freshly deployed test tokens (the seeded DEMO/WETH, DEMO/USDC and SMPL/WETH V3 pools are
 * included too), then reads all of them through the server's own chain code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startDevnet } from '@tokendesk/devchain';
import { createPublicClient, getContractAddress, http, parseAbi, type Address } from 'viem';
import { demoERC20 } from '../packages/devchain/src/generated/contracts';
import { devnetChain } from '../packages/devchain/src/client';
import { createChainClient } from '../apps/server/src/chain/client';
import { devnetNetwork } from '../apps/server/src/chain/networks';
import { readPoolStates, type PoolRef } from '../apps/server/src/chain/pools';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POOLS = arg('pools', 1000);
const RUNS = arg('runs', 5);
const TARGET_REQUESTS = 3;

const factoryAbi = parseAbi(['function createPair(address, address) returns (address)', 'function getPair(address, address) view returns (address)']);
const pairAbi = parseAbi(['function mint(address) returns (uint256)', 'function token0() view returns (address)']);
const tokenAbi = parseAbi(['function transfer(address, uint256) returns (bool)']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-pools-'));
const devnet = await startDevnet({ dataDir });
try {
  const a = devnet.addresses;
  const transport = http(devnet.rpcUrl, { timeout: 60_000 });
  const publicClient = createPublicClient({ chain: devnetChain, transport });

  // Enough tokens that their pairs give the pools we need: n(n-1)/2 ≥ POOLS - 3.
  const needed = POOLS - 3;
  let tokenCount = 2;
  while ((tokenCount * (tokenCount - 1)) / 2 < needed) tokenCount++;
  const setupStart = performance.now();
  const { encodeFunctionData, encodeDeployData, toHex } = await import('viem');
  let nonce = await publicClient.getTransactionCount({ address: a.deployer });
  // Raw eth_sendTransaction in JSON-RPC batches with explicit nonces: anvil (unlocked dev account)
  // signs and mines each on arrival. Setup only; the measured read below uses the server's code.
  // Sent one after another (anvil leaves out-of-order nonces of a JSON-RPC batch pending).
  const rpc = createPublicClient({ chain: devnetChain, transport: http(devnet.rpcUrl, { timeout: 120_000 }) });
  const queue: { to?: Address; data: `0x${string}` }[] = [];
  const flush = async () => {
    let last: `0x${string}` | undefined;
    for (const tx of queue.splice(0)) {
      last = (await rpc.request({
        method: 'eth_sendTransaction',
        params: [{ from: a.deployer, ...(tx.to ? { to: tx.to } : {}), data: tx.data, gas: toHex(5_000_000), nonce: toHex(nonce++) }],
      } as never)) as `0x${string}`;
    }
    if (last) {
      let receipt: { status: string } | null = null;
      for (let tries = 0; !receipt && tries < 600; tries++) {
        receipt = (await rpc.request({ method: 'eth_getTransactionReceipt', params: [last] } as never)) as { status: string } | null;
        if (!receipt) await new Promise((r) => setTimeout(r, 50));
      }
      if (receipt?.status !== "0x1") throw new Error(`setup transaction ${last} was not mined successfully: ${JSON.stringify(receipt)?.slice(0, 200)}`);
    }
  };
  const tokens: Address[] = [];
  const supply = 10n ** 30n;
  for (let i = 0; i < tokenCount; i++) {
    tokens.push(getContractAddress({ from: a.deployer, nonce: BigInt(nonce + i) }));
    queue.push({ data: encodeDeployData({ abi: demoERC20.abi, bytecode: demoERC20.bytecode, args: [`Bench ${i}`, `B${i}`, 18, supply, a.deployer] }) });
  }
  await flush();
  const pairs: [Address, Address][] = [];
  for (let i = 0; i < tokenCount && pairs.length < needed; i++) {
    for (let j = i + 1; j < tokenCount && pairs.length < needed; j++) pairs.push([tokens[i]!, tokens[j]!]);
  }
  for (const [t0, t1] of pairs) {
    queue.push({ to: a.uniswapV2Factory, data: encodeFunctionData({ abi: factoryAbi, functionName: 'createPair', args: [t0, t1] }) });
    if (queue.length >= 200) await flush();
  }
  await flush();
  const pairAddresses = await publicClient.multicall({
    allowFailure: false,
    batchSize: 0,
    multicallAddress: a.multicall3,
    contracts: pairs.map(([t0, t1]) => ({ address: a.uniswapV2Factory, abi: factoryAbi, functionName: 'getPair' as const, args: [t0, t1] as const })),
  });
  // Liquidity: deterministic, different amounts per pool so prices differ.
  for (let k = 0; k < pairs.length; k++) {
    const [t0, t1] = pairs[k]!;
    const pair = pairAddresses[k]!;
    queue.push({ to: t0, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [pair, 10n ** 18n * BigInt(1000 + k)] }) });
    queue.push({ to: t1, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [pair, 10n ** 18n * BigInt(500 + 3 * k)] }) });
    queue.push({ to: pair, data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [a.deployer] }) });
    if (queue.length >= 300) await flush();
  }
  await flush();
  const token0s = await publicClient.multicall({
    allowFailure: false,
    batchSize: 0,
    multicallAddress: a.multicall3,
    contracts: pairAddresses.map((p) => ({ address: p, abi: pairAbi, functionName: 'token0' as const })),
  });
  const setupMs = performance.now() - setupStart;

  const refs: PoolRef[] = pairs.map(([t0], k) => ({
    address: pairAddresses[k]!,
    version: 'v2',
    projectIsToken0: token0s[k]!.toLowerCase() === t0.toLowerCase(),
    projectToken: t0,
    pairedToken: pairs[k]![1],
    projectDecimals: 18,
    pairedDecimals: 18,
  }));
  refs.push(
    { address: a.pools.demoWethV2, version: 'v2', projectIsToken0: a.demo.toLowerCase() < a.weth.toLowerCase(), projectToken: a.demo, pairedToken: a.weth, projectDecimals: 18, pairedDecimals: 18 },
    { address: a.pools.demoUsdcV2, version: 'v2', projectIsToken0: a.demo.toLowerCase() < a.usdc.toLowerCase(), projectToken: a.demo, pairedToken: a.usdc, projectDecimals: 18, pairedDecimals: 6 },
    { address: a.pools.smplWethV3, version: 'v3', projectIsToken0: a.smpl.toLowerCase() < a.weth.toLowerCase(), projectToken: a.smpl, pairedToken: a.weth, projectDecimals: 9, pairedDecimals: 18 },
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
  console.log(`setup (not measured):  ${tokenCount} tokens, ${pairs.length} pairs with liquidity in ${(setupMs / 1000).toFixed(1)} s`);
  console.log(`RPC per read:          ${counts.http} HTTP requests, ${counts.rpc} JSON-RPC calls`);
  console.log(`time per read:         median ${median.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, worst ${times[times.length - 1]!.toFixed(0)} ms over ${RUNS} runs`);
  console.log(`target ≤ ${TARGET_REQUESTS} requests:     ${counts.http <= TARGET_REQUESTS ? 'MET' : 'MISSED'}`);
  if (priced !== refs.length) console.log(`warning: ${refs.length - priced} pools had no price`);
} finally {
  await devnet.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
