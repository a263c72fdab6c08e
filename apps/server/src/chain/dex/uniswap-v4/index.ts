import { zeroAddress, type Address, type Hex } from 'viem';
import type { V4DexConfig } from '../../networks';
import { v4StateViewAbi } from '../../v4-abis';
import { inRangeAmounts } from '../../v4-math';
import { DYNAMIC_FEE, discoverV4Pool, initializeReader, verifyV4Pool, type PoolKey } from '../../v4-pools';
import type { DexAdapter, DexContext } from '../types';

/*
 * Uniswap V4 (docs/decisions/0042): no pool contracts. The PoolManager holds every pool, named by
 * its id (stored where a pool address goes), and logs all their events; the periphery's StateView
 * reads a pool's state. Its events are decoded a range at a time (indexer/v4-logs.ts), because a
 * ModifyLiquidity log's amounts need the pool's price at that log; so the per-log decoder map is empty.
 */

const v4 = (dex: unknown) => dex as V4DexConfig;
function reader(ctx: DexContext, dex: V4DexConfig) {
  if (!ctx.pageLogs) throw new Error(`${dex.name}: no log pager to read Initialize logs with`);
  return initializeReader(ctx.client, dex, ctx.pageLogs);
}

export const uniswapV4: DexAdapter = {
  family: 'uniswap-v4',
  version: 'v4',
  logSource: 'singleton',
  registryAddress: (dex) => v4(dex).poolManager,

  async discover(ctx, dex, projectToken, pairedToken) {
    const found = await discoverV4Pool(ctx.client, v4(dex), reader(ctx, v4(dex)), projectToken, pairedToken);
    return found && { address: found.id as Address, version: 'v4', fee: found.key.fee, key: found.key };
  },

  async verify(ctx, dex, pool, projectToken, pairedToken, known) {
    const verified = await verifyV4Pool(
      ctx.client,
      v4(dex),
      reader(ctx, v4(dex)),
      pool.toLowerCase() as Hex,
      projectToken,
      pairedToken,
      known as PoolKey | undefined,
    );
    return {
      address: verified.id as Address,
      version: 'v4',
      fee: verified.key.fee,
      projectIsToken0: verified.projectIsToken0,
      v4: { tickSpacing: verified.key.tickSpacing, hooks: verified.key.hooks },
    };
  },

  // No reference pools yet (docs/decisions/0042): the factories' pools set the USD rates.

  /** A V4 pool has no balance of its own (the PoolManager holds all pools' tokens): the amounts its in-range liquidity stands for. */
  stateCalls: (pool) =>
    pool.stateView
      ? [
          { address: pool.stateView, abi: v4StateViewAbi, functionName: 'getSlot0', args: [pool.address] },
          { address: pool.stateView, abi: v4StateViewAbi, functionName: 'getLiquidity', args: [pool.address] },
        ]
      : [],
  readState([slot0, liquidity]) {
    if (slot0?.status !== 'success' || liquidity?.status !== 'success') return null;
    const sqrtPriceX96 = (slot0.result as readonly [bigint, number])[0];
    // Uninitialised (sqrtPrice 0): no state rather than a price of 0.
    if (sqrtPriceX96 === 0n) return null;
    const amounts = inRangeAmounts(sqrtPriceX96, liquidity.result as bigint);
    return { reserve0: amounts.amount0, reserve1: amounts.amount1, sqrtPriceX96 };
  },

  liquidityRatioIsPrice: false,
  swapsCarryPrice: true,
  decoders: new Map(),

  facts: (pool) => ({
    fee: pool.fee === DYNAMIC_FEE ? null : pool.fee,
    dynamicFee: pool.fee === DYNAMIC_FEE,
    tickSpacing: pool.tickSpacing ?? 0,
    hooks: (pool.hooks ?? zeroAddress) as Address,
  }),
};
