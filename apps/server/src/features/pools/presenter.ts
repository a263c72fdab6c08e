import type { Pool, PriceItem } from '@tokendesk/contract';
import type { Address } from 'viem';
import type { ChainService, CachedPoolState } from '../../chain/chain-service';
import type { NetworkRegistry } from '../../chain/networks';
import type { PoolRef } from '../../chain/pools';
import type { PoolWithProject } from './repository';

export function poolRef({ pool, project }: PoolWithProject): PoolRef {
  return {
    address: pool.poolAddress as Address,
    version: pool.poolVersion,
    projectIsToken0: pool.projectIsToken0,
    projectToken: project.contractAddress as Address,
    pairedToken: pool.pairedTokenAddress as Address,
    projectDecimals: project.tokenDecimal,
    pairedDecimals: pool.pairedTokenDecimals,
  };
}

export function toApiPool(registry: NetworkRegistry, { pool, project }: PoolWithProject, live: CachedPoolState | null | undefined): Pool {
  const network = registry.get(pool.networkId);
  const dex = network?.dexes.find((d) => d.id === pool.dexId);
  const token = network?.tokens.find((t) => t.id === pool.tokenId);
  return {
    id: pool.id,
    pool_address: pool.poolAddress,
    pool_version: pool.poolVersion,
    fee: pool.fee,
    // A network or DEX removed from the registry still shows its stored ids rather than failing.
    dex: { id: pool.dexId, name: dex?.name ?? pool.dexId, dex_logo: dex?.logo ?? '' },
    token: {
      id: pool.tokenId,
      name: pool.pairedTokenName,
      symbol: pool.pairedTokenSymbol,
      token_logo: token?.logo ?? '',
      address: pool.pairedTokenAddress,
      decimals: pool.pairedTokenDecimals,
    },
    project: {
      id: project.id,
      name: project.name,
      token_symbol: project.tokenSymbol,
      contract_address: project.contractAddress,
      token_decimal: project.tokenDecimal,
    },
    network: {
      id: pool.networkId,
      name: network?.name ?? `Chain ${pool.networkId}`,
      network_logo: network?.logo ?? '',
      network_explorer: network?.explorer ?? '',
    },
    pool_funds:
      live === undefined
        ? null
        : {
            amount_token: live?.state?.pairedReserve ?? null,
            amount_project_token: live?.state?.projectReserve ?? null,
            block_number: live ? live.blockNumber.toString() : null,
            updated_at: live ? live.blockTime.toISOString() : null,
          },
    price: live?.state?.price ?? null,
    // Both need stored history, which the indexer brings; until then they are unknown, not zero.
    change_24h: null,
    volume_24h: null,
    created_at: pool.createdAt.toISOString(),
  };
}

/** Live states for pools across networks: one multicall per network. */
export async function loadStates(chain: ChainService, rows: readonly PoolWithProject[]): Promise<Map<number, CachedPoolState | null>> {
  const byNetwork = new Map<number, PoolWithProject[]>();
  for (const row of rows) {
    const list = byNetwork.get(row.pool.networkId) ?? [];
    list.push(row);
    byNetwork.set(row.pool.networkId, list);
  }
  const result = new Map<number, CachedPoolState | null>();
  await Promise.all(
    [...byNetwork].map(async ([networkId, list]) => {
      const network = chain.registry.get(networkId);
      if (!network) {
        for (const r of list) result.set(r.pool.id, null);
        return;
      }
      const states = await chain.poolStates(network, list.map(poolRef));
      for (const r of list) result.set(r.pool.id, states.get(r.pool.poolAddress.toLowerCase()) ?? null);
    }),
  );
  return result;
}

export function toPriceItem(apiPool: Pool): PriceItem {
  return {
    pool_id: apiPool.id,
    token: apiPool.project.token_symbol,
    pair: apiPool.token.symbol,
    dex: apiPool.dex.name,
    price: apiPool.price,
    change_24h: apiPool.change_24h,
    updated_at: apiPool.pool_funds?.updated_at ?? null,
  };
}
