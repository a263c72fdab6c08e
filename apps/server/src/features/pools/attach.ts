import type { Pool } from '@tokendesk/contract';
import type { FastifyInstance } from 'fastify';
import type { DexConfig, NetworkConfig, PairedToken } from '../../chain/networks';
import type { VerifiedPool } from '../../chain/pools';
import type { ProjectRow } from '../../db/schema';
import { normalizeAddress, normalizePoolAddress } from '../../lib/addresses';
import { presentPools } from './presenter';
import { insertPool } from './repository';

/**
 * Saves a pool that was verified on chain and answers it as the API shows pools; null when the
 * project already has a pool at that address (the route answers 409).
 */
export async function saveVerifiedPool(
  app: Pick<FastifyInstance, 'db' | 'chain' | 'changes' | 'usd'>,
  target: {
    userId: number;
    project: ProjectRow;
    network: NetworkConfig;
    dex: DexConfig;
    token: PairedToken;
    verified: VerifiedPool;
  },
): Promise<Pool | null> {
  const { userId, project, network, dex, token, verified } = target;
  const inserted = await insertPool(app.db, {
    projectId: project.id,
    userId,
    networkId: network.id,
    dexId: dex.id,
    tokenId: token.id,
    pairedTokenAddress: normalizeAddress(token.address),
    pairedTokenSymbol: token.symbol,
    pairedTokenName: token.name,
    pairedTokenDecimals: token.decimals,
    poolAddress: normalizePoolAddress(verified.address),
    poolVersion: verified.version,
    fee: verified.fee,
    tickSpacing: verified.v4?.tickSpacing ?? verified.shape?.tickSpacing ?? null,
    hooks: verified.v4
      ? normalizeAddress(verified.v4.hooks)
      : verified.shape?.plugin
        ? normalizeAddress(verified.shape.plugin)
        : null,
    stable: verified.shape?.stable ?? null,
    binStep: verified.shape?.binStep ?? null,
    projectIsToken0: verified.projectIsToken0,
  });
  if (!inserted) return null;
  // This server's lists show it at once; other servers hear it through the change feed.
  app.changes.publishLocal('lists', userId);
  const [created] = await presentPools(app, [{ pool: inserted, project }]);
  return created!;
}
