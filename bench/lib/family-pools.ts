/**
 * Pools of every DEX family the devnet deploys (packages/devchain: Uniswap V2/V3/V4, Aerodrome's
 * Solidly and Slipstream, Algebra Integral, LFJ Liquidity Book), created for bench token pairs on
 * the throwaway local devnet, for benches that track pools of all families (bench:indexer).
 * V2 pairs come from createBenchPools (with liquidity); the others are created empty (initialised
 * at price 1 where the family needs a price), which is all a tick's reads need.
 */
import {
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  parseAbi,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import type { DexFamily, DexVersion } from '../../apps/server/src/chain/networks';
import { LFJ_DEPLOYER, LFJ_BIN_STEP } from '../../packages/devchain/src/addresses';
import { algebraPoolAddress, lfjPairAddress } from '../../packages/devchain/src/algebra-lfj';
import { slipstreamPoolAddress, solidlyPoolAddress } from '../../packages/devchain/src/solidly';
import type { BenchPools } from './devnet-pools';

export interface FamilyPool {
  family: DexFamily;
  version: DexVersion;
  /** The pool contract, or a V4 pool's id. */
  address: Hex;
  token0: Address;
  token1: Address;
  fee: number | null;
  tickSpacing?: number;
  hooks?: Address;
  stable?: boolean;
  binStep?: number;
}

const Q96 = 2n ** 96n;
const v3FactoryAbi = parseAbi([
  'function createPool(address, address, uint24) returns (address)',
  'function getPool(address, address, uint24) view returns (address)',
]);
const initializeAbi = parseAbi(['function initialize(uint160)']);
const poolManagerAbi = parseAbi([
  'function initialize((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, uint160 sqrtPriceX96) returns (int24 tick)',
]);
const solidlyFactoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, bool stable) returns (address pool)',
]);
const slipstreamFactoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96) returns (address pool)',
]);
const algebraFactoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, bytes data) returns (address pool)',
]);
const lbFactoryAbi = parseAbi([
  'function addQuoteAsset(address quoteAsset)',
  'function createLBPair(address tokenX, address tokenY, uint24 activeId, uint16 binStep) returns (address pair)',
]);

const sorted = (a: Address, b: Address): [Address, Address] => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]);
/** Every unordered pair of the bench tokens, in a fixed order. */
function tokenPairs(tokens: readonly Address[]): [Address, Address][] {
  const out: [Address, Address][] = [];
  for (let i = 0; i < tokens.length; i++)
    for (let j = i + 1; j < tokens.length; j++) out.push(sorted(tokens[i]!, tokens[j]!));
  return out;
}

/** Transactions from another unlocked anvil account (the LFJ factory's owner), one after another, then the last one's receipt. */
async function sendFrom(rpcUrl: string, from: Address, txs: { to: Address; data: Hex }[]): Promise<void> {
  const call = async (method: string, params: unknown[]) => {
    const res = (await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as { result?: unknown; error?: { message: string } };
    if (res.error) throw new Error(`devnet ${method}: ${res.error.message}`);
    return res.result;
  };
  let nonce = Number(BigInt((await call('eth_getTransactionCount', [from, 'pending'])) as Hex));
  let last: unknown;
  for (const tx of txs)
    last = await call('eth_sendTransaction', [{ from, ...tx, gas: toHex(6_000_000), nonce: toHex(nonce++) }]);
  for (let tries = 0; last && tries < 600; tries++) {
    const receipt = (await call('eth_getTransactionReceipt', [last])) as { status: string } | null;
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`setup transaction ${String(last)} from ${from} failed`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Creator = (bench: BenchPools, count: number) => Promise<FamilyPool[]>;

/** Pools of each family the devnet can make; a family without an entry has no devnet deployment. */
export const DEVNET_FAMILY_CREATORS: Partial<Record<DexFamily, Creator>> = {
  // createBenchPools already made them (with liquidity).
  'uniswap-v2': async (bench, count) =>
    bench.pairs.slice(0, count).map((p) => ({
      family: 'uniswap-v2',
      version: 'v2',
      address: p.pair,
      ...pairTokens(p.token0, p.token1),
      fee: null,
    })),
  'uniswap-v3': async (bench, count) => {
    const a = bench.devnet.addresses;
    const keys = tokenPairs(bench.tokens)
      .flatMap(([t0, t1]) => [500, 3000, 10_000].map((fee) => ({ t0, t1, fee })))
      .slice(0, count);
    for (const k of keys)
      await bench.send({
        to: a.uniswapV3Factory,
        data: encodeFunctionData({ abi: v3FactoryAbi, functionName: 'createPool', args: [k.t0, k.t1, k.fee] }),
      });
    await bench.flush();
    const addresses = await bench.read(
      keys.map((k) => ({
        address: a.uniswapV3Factory,
        abi: v3FactoryAbi,
        functionName: 'getPool',
        args: [k.t0, k.t1, k.fee],
      })),
    );
    for (const pool of addresses)
      await bench.send({
        to: pool as Address,
        data: encodeFunctionData({ abi: initializeAbi, functionName: 'initialize', args: [Q96] }),
      });
    await bench.flush();
    return keys.map((k, i) => ({
      family: 'uniswap-v3',
      version: 'v3',
      address: addresses[i] as Address,
      token0: k.t0,
      token1: k.t1,
      fee: k.fee,
    }));
  },
  // The two seeded V4 pools (the bench's V4 swaps go through them) and new ones, one per key.
  'uniswap-v4': async (bench, count) => {
    const v4 = bench.devnet.addresses.v4;
    const out: FamilyPool[] = [v4.pools.demoEthV4, v4.pools.hookedV4].map((p) => ({
      family: 'uniswap-v4',
      version: 'v4',
      address: p.id,
      token0: p.key.currency0,
      token1: p.key.currency1,
      fee: p.key.fee,
      tickSpacing: p.key.tickSpacing,
      hooks: p.key.hooks,
    }));
    const pairs = tokenPairs(bench.tokens);
    for (let k = 0; out.length < count; k++) {
      const [currency0, currency1] = pairs[k % pairs.length]!;
      // Distinct keys of one pair differ in tick spacing, so every id is a pool of its own.
      const key = {
        currency0,
        currency1,
        fee: 3000,
        tickSpacing: 1 + Math.floor(k / pairs.length),
        hooks: zeroAddress as Address,
      };
      const id = keccak256(
        encodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
          [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
        ),
      ).toLowerCase() as Hex;
      await bench.send({
        to: v4.poolManager,
        data: encodeFunctionData({ abi: poolManagerAbi, functionName: 'initialize', args: [key, Q96] }),
      });
      out.push({
        family: 'uniswap-v4',
        version: 'v4',
        address: id,
        token0: currency0,
        token1: currency1,
        fee: key.fee,
        tickSpacing: key.tickSpacing,
        hooks: key.hooks,
      });
    }
    await bench.flush();
    return out;
  },
  solidly: async (bench, count) => {
    const factory = bench.devnet.addresses.solidly.poolFactory;
    const keys = tokenPairs(bench.tokens)
      .flatMap(([t0, t1]) => [false, true].map((stable) => ({ t0, t1, stable })))
      .slice(0, count);
    for (const k of keys)
      await bench.send({
        to: factory,
        data: encodeFunctionData({ abi: solidlyFactoryAbi, functionName: 'createPool', args: [k.t0, k.t1, k.stable] }),
      });
    await bench.flush();
    return keys.map((k) => ({
      family: 'solidly',
      version: 'solidly',
      address: solidlyPoolAddress(k.t0, k.t1, k.stable),
      token0: k.t0,
      token1: k.t1,
      fee: null,
      stable: k.stable,
    }));
  },
  slipstream: async (bench, count) => {
    const factory = bench.devnet.addresses.slipstream.factory;
    // The tick spacings Slipstream's CLFactory enables in its constructor.
    const keys = tokenPairs(bench.tokens)
      .flatMap(([t0, t1]) => [1, 50, 100, 200, 2000].map((tickSpacing) => ({ t0, t1, tickSpacing })))
      .slice(0, count);
    for (const k of keys)
      await bench.send({
        to: factory,
        data: encodeFunctionData({
          abi: slipstreamFactoryAbi,
          functionName: 'createPool',
          args: [k.t0, k.t1, k.tickSpacing, Q96],
        }),
      });
    await bench.flush();
    return keys.map((k) => ({
      family: 'slipstream',
      version: 'slipstream',
      address: slipstreamPoolAddress(k.t0, k.t1, k.tickSpacing),
      token0: k.t0,
      token1: k.t1,
      fee: null,
      tickSpacing: k.tickSpacing,
    }));
  },
  algebra: async (bench, count) => {
    const factory = bench.devnet.addresses.algebra.factory;
    const keys = tokenPairs(bench.tokens).slice(0, count);
    for (const [t0, t1] of keys)
      await bench.send({
        to: factory,
        data: encodeFunctionData({ abi: algebraFactoryAbi, functionName: 'createPool', args: [t0, t1, '0x'] }),
      });
    await bench.flush();
    const pools = keys.map(([t0, t1]) => algebraPoolAddress(t0, t1));
    for (const pool of pools)
      await bench.send({
        to: pool,
        data: encodeFunctionData({ abi: initializeAbi, functionName: 'initialize', args: [Q96] }),
      });
    await bench.flush();
    return keys.map(([t0, t1], i) => ({
      family: 'algebra',
      version: 'algebra',
      address: pools[i]!,
      token0: t0,
      token1: t1,
      fee: null,
      tickSpacing: 60,
    }));
  },
  // The factory's bin step 25 preset is closed: its owner (account 9) makes the pairs, with every
  // bench token a quote asset, at the active id of price 1.
  'liquidity-book': async (bench, count) => {
    const factory = bench.devnet.addresses.lfj.factory;
    const keys = tokenPairs(bench.tokens).slice(0, count);
    const txs = bench.tokens.map((t) => ({
      to: factory,
      data: encodeFunctionData({ abi: lbFactoryAbi, functionName: 'addQuoteAsset', args: [t] }),
    }));
    for (const [x, y] of keys)
      txs.push({
        to: factory,
        data: encodeFunctionData({
          abi: lbFactoryAbi,
          functionName: 'createLBPair',
          args: [x, y, 2 ** 23, LFJ_BIN_STEP],
        }),
      });
    await sendFrom(bench.devnet.rpcUrl, LFJ_DEPLOYER, txs);
    return keys.map(([x, y]) => ({
      family: 'liquidity-book',
      version: 'liquidity-book',
      address: lfjPairAddress(x, y, LFJ_BIN_STEP),
      token0: x,
      token1: y,
      fee: null,
      binStep: LFJ_BIN_STEP,
    }));
  },
};

function pairTokens(a: Address, b: Address) {
  const [token0, token1] = sorted(a, b);
  return { token0, token1 };
}

/** Pools without code at their address (a creation that did not happen): the bench stops on any. */
export async function missingPools(rpcUrl: string, pools: readonly FamilyPool[]): Promise<FamilyPool[]> {
  const contracts = pools.filter((p) => p.version !== 'v4');
  const missing: FamilyPool[] = [];
  for (let i = 0; i < contracts.length; i += 200) {
    const chunk = contracts.slice(i, i + 200);
    const body = chunk.map((p, k) => ({ jsonrpc: '2.0', id: k, method: 'eth_getCode', params: [p.address, 'latest'] }));
    const answers = (await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { id: number; result?: Hex }[];
    for (const a of answers) if (!a.result || a.result === '0x') missing.push(chunk[a.id]!);
  }
  return missing;
}
