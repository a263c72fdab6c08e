/**
 * Bench setup on an already started devnet: `projects` freshly deployed project tokens and `pools`
 * real Uniswap V2 pairs of them with the registry's paired tokens (WETH, USDC, USDT), each with
 * liquidity, so the server's own pool verification accepts them. Transactions go only to this
 * throwaway local devnet.
 */
import { performance } from 'node:perf_hooks';
import type { Devnet } from '@tokendesk/devchain';
import {
  createPublicClient,
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
const pairAbi = parseAbi(['function mint(address) returns (uint256)']);
const tokenAbi = parseAbi(['function transfer(address, uint256) returns (bool)']);
const wethAbi = parseAbi(['function deposit() payable']);

export type PairedTokenId = 'weth' | 'usdc' | 'usdt';

export interface ProjectToken {
  address: Address;
  name: string;
  symbol: string;
}

export interface ProjectPool {
  project: number;
  paired: PairedTokenId;
  pair: Address;
}

export async function createProjectPools(
  devnet: Devnet,
  projects: number,
  pools: number,
): Promise<{ tokens: ProjectToken[]; pools: ProjectPool[]; setupMs: number }> {
  const pairedIds: PairedTokenId[] = ['weth', 'usdc', 'usdt'];
  if (pools > projects * pairedIds.length)
    throw new Error(`at most ${projects * pairedIds.length} pools for ${projects} projects`);
  const a = devnet.addresses;
  const paired: Record<PairedTokenId, { address: Address; unit: bigint }> = {
    weth: { address: a.weth, unit: 10n ** 18n },
    usdc: { address: a.usdc, unit: 10n ** 6n },
    usdt: { address: a.usdt, unit: 10n ** 6n },
  };
  const rpc = createPublicClient({ chain: devnetChain, transport: http(devnet.rpcUrl, { timeout: 120_000 }) });
  const start = performance.now();
  let nonce = await rpc.getTransactionCount({ address: a.deployer });
  const queue: { to?: Address; data: `0x${string}`; value?: bigint }[] = [];
  // One after another with explicit nonces: anvil mines each on arrival (see devnet-pools.ts).
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
            ...(tx.value ? { value: toHex(tx.value) } : {}),
            gas: toHex(5_000_000),
            nonce: toHex(nonce++),
          },
        ],
      } as never)) as `0x${string}`;
    }
    if (!last) return;
    for (let tries = 0; tries < 600; tries++) {
      const receipt = (await rpc.request({ method: 'eth_getTransactionReceipt', params: [last] } as never)) as {
        status: string;
      } | null;
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`setup transaction ${last} failed`);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`setup transaction ${last} was not mined`);
  };

  const tokens: ProjectToken[] = [];
  for (let i = 0; i < projects; i++) {
    const token = {
      address: getContractAddress({ from: a.deployer, nonce: BigInt(nonce + i) }),
      name: `Bench Project ${i + 1}`,
      symbol: `BP${i + 1}`,
    };
    tokens.push(token);
    queue.push({
      data: encodeDeployData({
        abi: demoERC20.abi,
        bytecode: demoERC20.bytecode,
        args: [token.name, token.symbol, 18, 10n ** 30n, a.deployer],
      }),
    });
  }
  queue.push({
    to: a.weth,
    data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }),
    value: BigInt(pools) * 10n ** 18n,
  });
  await flush();

  // Every project first gets a WETH pool, then USDC, then USDT, until `pools` are made.
  const planned: { project: number; paired: PairedTokenId }[] = [];
  for (const id of pairedIds)
    for (let p = 0; p < projects && planned.length < pools; p++) planned.push({ project: p, paired: id });
  for (const { project, paired: id } of planned) {
    queue.push({
      to: a.uniswapV2Factory,
      data: encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createPair',
        args: [tokens[project]!.address, paired[id].address],
      }),
    });
  }
  await flush();
  const pairs = await rpc.multicall({
    allowFailure: false,
    multicallAddress: a.multicall3,
    contracts: planned.map(({ project, paired: id }) => ({
      address: a.uniswapV2Factory,
      abi: factoryAbi,
      functionName: 'getPair' as const,
      args: [tokens[project]!.address, paired[id].address] as const,
    })),
  });
  planned.forEach(({ project, paired: id }, k) => {
    const pair = pairs[k]!;
    // Different amounts per pool, so the prices differ.
    queue.push({
      to: tokens[project]!.address,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [pair, 10n ** 18n * BigInt(10_000 + 137 * k)],
      }),
    });
    queue.push({
      to: paired[id].address,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [pair, (paired[id].unit * BigInt(100 + 7 * k)) / 100n],
      }),
    });
    queue.push({ to: pair, data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [a.deployer] }) });
  });
  await flush();
  return { tokens, pools: planned.map((p, k) => ({ ...p, pair: pairs[k]! })), setupMs: performance.now() - start };
}
