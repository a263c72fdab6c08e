import type { DiscoveredPool } from '@tokendesk/contract';
import type { NetworkRegistry } from '../../chain/networks';
import { launchpadOf } from '../../chain/launchpads';
import type { DiscoveredPoolRow } from '../../db/schema';
import { normalizeAddress, presentPoolAddress, toChecksumAddress } from '../../lib/addresses';
import { feeOf, shapeOf } from '../../market/pool-shape';

/** A pool the new-pool watch found, with its DEX and paired token named from the registry when it knows them. */
export function toApiDiscoveredPool(registry: NetworkRegistry, row: DiscoveredPoolRow): DiscoveredPool {
  const network = registry.get(row.networkId);
  const dex = network?.dexes.find((d) => d.id === row.dexId);
  const known = network?.tokens.find((t) => normalizeAddress(t.address) === row.pairedTokenAddress);
  return {
    id: row.id,
    project_id: row.projectId,
    dex: { id: row.dexId, name: dex?.name ?? row.dexId, dex_logo: dex?.logo ?? '' },
    pool_address: presentPoolAddress(row.poolAddress),
    pool_version: row.poolVersion,
    fee: feeOf(row),
    shape: shapeOf(row),
    launchpad: row.poolVersion === 'v4' ? launchpadOf(network?.launchpadHooks, row.hooks) : null,
    paired_token: { address: toChecksumAddress(row.pairedTokenAddress), symbol: known?.symbol ?? null },
    block_number: row.blockNumber.toString(),
    tx_hash: row.txHash,
    found_at: row.createdAt.toISOString(),
  };
}
