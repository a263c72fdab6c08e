import type { NetworkRegistry } from '../chain/networks';

/**
 * 'PROJECT/PAIR - DEX': how every screen names a pool (the alert rows, the activity rows, the
 * alert form's select). The DEX by its registry name; an id the registry does not know (a network
 * removed from the configuration) is shown as stored rather than dropped.
 */
export function poolLabelOf(registry: NetworkRegistry, pool: { networkId: number; dexId: string; projectSymbol: string; pairedSymbol: string }): string {
  const dex = registry.dex(pool.networkId, pool.dexId)?.name ?? pool.dexId;
  return `${pool.projectSymbol}/${pool.pairedSymbol} - ${dex}`;
}
