import type { Hex } from 'viem';
import { familyOf, type DexConfig, type DexFamily, type DexVersion } from '../networks';
import type { DexAdapter, LogDecoder } from './types';
import { algebra } from './algebra';
import { slipstream } from './slipstream';
import { liquidityBook } from './liquidity-book';
import { camelotV2 } from './camelot-v2';
import { solidly } from './solidly';
import { uniswapV2 } from './uniswap-v2';
import { uniswapV3 } from './uniswap-v3';
import { uniswapV4 } from './uniswap-v4';

/**
 * DexConfig.family → its adapter (docs/decisions/0059). A new family is its folder and a row here;
 * every caller asks through adapterOf.
 */
export const ADAPTERS: Readonly<Record<DexFamily, DexAdapter>> = {
  'uniswap-v2': uniswapV2,
  'uniswap-v3': uniswapV3,
  'uniswap-v4': uniswapV4,
  algebra,
  slipstream,
  'liquidity-book': liquidityBook,
  solidly,
  'camelot-v2': camelotV2,
};

/** The adapter of a DEX row, or of a stored pool (its pool_version, and its family where stored). */
export function adapterOf(dex: { family?: DexFamily; version: DexVersion }): DexAdapter {
  const family = familyOf(dex);
  const adapter = ADAPTERS[family] as DexAdapter | undefined;
  // Only a row or a stored version outside the known families gets here: say which, not "undefined".
  if (!adapter) throw new Error(`chain/dex: no adapter for family ${String(family)} (version ${String(dex.version)})`);
  return adapter;
}

/** The registry address a DEX reads (factory or PoolManager): shown in the API so a user can check it. */
export const registryAddressOf = (dex: DexConfig) => adapterOf(dex).registryAddress(dex);

/**
 * Every pool-logged family's decoders by topic0, merged once. Two families may share an event (the
 * Solidly forks that keep Uniswap V2's Mint and Burn): the same topic must then decode alike, which
 * this check holds the registry to.
 */
function mergeDecoders(): ReadonlyMap<Hex, LogDecoder> {
  const merged = new Map<Hex, LogDecoder>();
  for (const adapter of Object.values(ADAPTERS)) {
    if (adapter.logSource !== 'pool') continue;
    for (const [topic, decode] of adapter.decoders) {
      const seen = merged.get(topic);
      if (seen && seen !== decode)
        throw new Error(`chain/dex: two families decode topic ${topic} differently; give them one shared decoder`);
      merged.set(topic, decode);
    }
  }
  return merged;
}

export const POOL_LOG_DECODERS = mergeDecoders();
/** topic0 of every event a pool contract logs that TokenDesk stores, for the eth_getLogs filter. */
export const POOL_EVENT_TOPICS: Hex[] = [...POOL_LOG_DECODERS.keys()];

/** The stored pool_versions whose swaps carry a price (the 24 h base price's swap lookup). */
export const PRICED_SWAP_VERSIONS: readonly DexVersion[] = [
  ...new Set(Object.values(ADAPTERS).flatMap((x) => (x.swapsCarryPrice ? [x.version] : []))),
];
