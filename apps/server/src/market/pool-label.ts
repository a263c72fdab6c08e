import { isV4Dex, type NetworkConfig, type NetworkRegistry } from '../chain/networks';
import { normalizeAddress } from '../lib/addresses';

/**
 * 'PROJECT/PAIR - DEX': how every screen names a pool (the alert rows, the activity rows, the
 * alert form's select). The DEX by its registry name; an id the registry does not know (a network
 * removed from the configuration) is shown as stored rather than dropped.
 */
export function poolLabelOf(
  registry: NetworkRegistry,
  pool: { networkId: number; dexId: string; projectSymbol: string; pairedSymbol: string },
): string {
  const dex = registry.dex(pool.networkId, pool.dexId)?.name ?? pool.dexId;
  return `${pool.projectSymbol}/${pool.pairedSymbol} - ${dex}`;
}

/**
 * Contracts of a network that hold the tokens of many pools at once: every configured Uniswap V4
 * PoolManager (one singleton per network holds all its pools' liquidity). What they hold is pool
 * liquidity, so the holder figures label them as pools (lower case, like stored addresses).
 */
export function poolVaultsOf(network: NetworkConfig | undefined): string[] {
  return (network?.dexes ?? []).filter(isV4Dex).map((d) => normalizeAddress(d.poolManager));
}
