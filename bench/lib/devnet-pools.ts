/**
 * Bench setup shared by the scripts: a fresh local devnet with `count` real Uniswap V2 pairs with
 * liquidity between freshly deployed tokens. These transactions go only to the throwaway local devnet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deployDemo, startDevnet, type Devnet } from '@tokendesk/devchain';
import { freeLoopbackPort, launchAnvil } from '../../packages/devchain/src/anvil';
import {
  createPublicClient,
  type Abi,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  parseAbi,
  toHex,
  type Address,
} from 'viem';
import { devnetChain } from '../../packages/devchain/src/client';
import { demoERC20 } from '../../packages/devchain/src/generated/contracts';

const factoryAbi = parseAbi([
  'function createPair(address, address) returns (address)',
  'function getPair(address, address) view returns (address)',
]);
const pairAbi = parseAbi(['function mint(address) returns (uint256)', 'function token0() view returns (address)']);
const tokenAbi = parseAbi(['function transfer(address, uint256) returns (bool)']);

export interface BenchPools {
  devnet: Pick<Devnet, 'rpcUrl' | 'addresses' | 'stop'>;
  dataDir: string;
  tokens: Address[];
  pairs: { token0: Address; token1: Address; pair: Address; projectIsToken0: boolean }[];
  setupMs: number;
  /** `keepDir` only: what saveSetup stored at the end of an earlier run's setup (this run's chain is that one's). */
  reused?: Record<string, unknown>;
  /** `keepDir` only: stores the setup beside the chain's state, for a later run to reuse. */
  saveSetup(extra: Record<string, unknown>): void;
  send(tx: { to?: Address; data: `0x${string}` }): Promise<void>;
  /** View calls in one multicall (after a flush), answers in order. */
  read(
    contracts: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] }[],
  ): Promise<unknown[]>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `plainAnvil`: anvil with the demo deployment but without the devnet's state saver, which dumps the
 * whole chain state (hundreds of MB after a long history) every 2 s while blocks come, in the
 * bench's own process: a bench that mines tens of thousands of transactions and then measures
 * would measure that instead.
 */
async function plainDevnet(dataDir: string): Promise<BenchPools['devnet']> {
  const anvil = await launchAnvil({
    port: await freeLoopbackPort(),
    statePath: path.join(dataDir, 'state.json'),
    logPath: path.join(dataDir, 'anvil.log'),
  });
  const addresses = await deployDemo(anvil.rpcUrl);
  return { rpcUrl: anvil.rpcUrl, addresses, stop: () => anvil.stop() };
}

/**
 * `keepDir`: the devnet's data directory is kept there after the run, with the setup's pools, so
 * that a later run with the same directory starts from that chain instead of minutes of setup (for
 * profiling; the chain then carries the earlier runs' activity too). Not for recorded figures.
 */
export async function createBenchPools(
  POOLS: number,
  options: { plainAnvil?: boolean; minTokens?: number; keepDir?: string } = {},
): Promise<BenchPools> {
  const dataDir = options.keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const setupFile = path.join(dataDir, 'bench-setup.json');
  const reused =
    options.keepDir && fs.existsSync(setupFile)
      ? (JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Record<string, unknown>)
      : undefined;
  const devnet = options.plainAnvil ? await plainDevnet(dataDir) : await startDevnet({ dataDir });
  const a = devnet.addresses;
  const transport = http(devnet.rpcUrl, { timeout: 60_000 });
  const publicClient = createPublicClient({ chain: devnetChain, transport });
  const saveSetup = (extra: Record<string, unknown>) => {
    if (options.keepDir) fs.writeFileSync(setupFile, JSON.stringify(extra));
  };
  const keepOrRemove = async () => {
    await devnet.stop();
    if (!options.keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const needed = POOLS;
  let tokenCount = Math.max(2, options.minTokens ?? 2);
  while ((tokenCount * (tokenCount - 1)) / 2 < needed) tokenCount++;
  const setupStart = performance.now();
  // Setup transactions (below) and the caller's activity share one nonce counter.
  let nonce = await publicClient.getTransactionCount({ address: a.deployer });
  // Raw eth_sendTransaction with explicit nonces (anvil signs for its unlocked dev account and
  // mines on arrival), one after another: anvil leaves out-of-order nonces of a batch pending.
  const rpc = createPublicClient({ chain: devnetChain, transport: http(devnet.rpcUrl, { timeout: 120_000 }) });
  const queue: { to?: Address; data: `0x${string}` }[] = [];
  const flush = async () => {
    let last: `0x${string}` | undefined;
    for (const tx of queue.splice(0)) {
      last = (await rpc.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: a.deployer,
            ...(tx.to ? { to: tx.to } : {}),
            data: tx.data,
            gas: toHex(5_000_000),
            nonce: toHex(nonce++),
          },
        ],
      } as never)) as `0x${string}`;
    }
    if (last) {
      let receipt: { status: string } | null = null;
      // Up to 5 minutes: a loaded machine's anvil can take long over hundreds of contract creations.
      for (const until = Date.now() + 300_000; !receipt && Date.now() < until; ) {
        receipt = (await rpc.request({ method: 'eth_getTransactionReceipt', params: [last] } as never)) as {
          status: string;
        } | null;
        if (!receipt) await new Promise((r) => setTimeout(r, 50));
      }
      if (receipt?.status !== '0x1')
        throw new Error(
          `setup transaction ${last} was not mined successfully: ${JSON.stringify(receipt)?.slice(0, 200)}`,
        );
    }
  };
  if (reused) {
    return {
      devnet,
      dataDir,
      reused,
      saveSetup,
      setupMs: 0,
      tokens: reused.tokens as Address[],
      pairs: reused.pairs as BenchPools['pairs'],
      send: async (tx) => void queue.push(tx),
      flush,
      read: (contracts) =>
        publicClient.multicall({
          allowFailure: false,
          batchSize: 0,
          multicallAddress: a.multicall3,
          contracts: contracts as never,
        }) as Promise<unknown[]>,
      close: keepOrRemove,
    };
  }
  const tokens: Address[] = [];
  const supply = 10n ** 30n;
  for (let i = 0; i < tokenCount; i++) {
    tokens.push(getContractAddress({ from: a.deployer, nonce: BigInt(nonce + i) }));
    queue.push({
      data: encodeDeployData({
        abi: demoERC20.abi,
        bytecode: demoERC20.bytecode,
        args: [`Bench ${i}`, `B${i}`, 18, supply, a.deployer],
      }),
    });
  }
  await flush();
  const pairs: [Address, Address][] = [];
  for (let i = 0; i < tokenCount && pairs.length < needed; i++) {
    for (let j = i + 1; j < tokenCount && pairs.length < needed; j++) pairs.push([tokens[i]!, tokens[j]!]);
  }
  for (const [t0, t1] of pairs) {
    queue.push({
      to: a.uniswapV2Factory,
      data: encodeFunctionData({ abi: factoryAbi, functionName: 'createPair', args: [t0, t1] }),
    });
    if (queue.length >= 200) await flush();
  }
  await flush();
  const pairAddresses = await publicClient.multicall({
    allowFailure: false,
    batchSize: 0,
    multicallAddress: a.multicall3,
    contracts: pairs.map(([t0, t1]) => ({
      address: a.uniswapV2Factory,
      abi: factoryAbi,
      functionName: 'getPair' as const,
      args: [t0, t1] as const,
    })),
  });
  // Liquidity: deterministic, different amounts per pool so prices differ.
  for (let k = 0; k < pairs.length; k++) {
    const [t0, t1] = pairs[k]!;
    const pair = pairAddresses[k]!;
    queue.push({
      to: t0,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [pair, 10n ** 18n * BigInt(1000 + k)],
      }),
    });
    queue.push({
      to: t1,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [pair, 10n ** 18n * BigInt(500 + 3 * k)],
      }),
    });
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

  return {
    devnet,
    dataDir,
    tokens,
    pairs: pairs.map(([t0, t1], k) => ({
      token0: t0,
      token1: t1,
      pair: pairAddresses[k]!,
      projectIsToken0: token0s[k]!.toLowerCase() === t0.toLowerCase(),
    })),
    setupMs,
    saveSetup,
    send: async (tx) => {
      queue.push(tx);
    },
    flush,
    read: (contracts) =>
      publicClient.multicall({
        allowFailure: false,
        batchSize: 0,
        multicallAddress: a.multicall3,
        contracts: contracts as never,
      }) as Promise<unknown[]>,
    close: keepOrRemove,
  };
}

export { tokenAbi };
