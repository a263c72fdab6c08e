import { projectMessages as m, type Pool } from '@tokendesk/contract';
import type { FastifyInstance } from 'fastify';
import type { DexConfig, NetworkConfig, TokenConfig } from '../../chain/networks';
import type { VerifiedPool } from '../../chain/pools';
import { uniqueViolation } from '../../db/errors';
import { pools, type ProjectRow } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { presentPools } from './presenter';

export type PairedToken = Pick<TokenConfig, 'id' | 'address' | 'symbol' | 'name' | 'decimals'>;

/** Saves a pool that was verified on chain and answers it as the API shows pools. */
export async function saveVerifiedPool(
  app: FastifyInstance,
  target: { userId: number; project: ProjectRow; network: NetworkConfig; dex: DexConfig; token: PairedToken; verified: VerifiedPool },
): Promise<Pool> {
  const { userId, project, network, dex, token, verified } = target;
  let inserted;
  try {
    [inserted] = await app.db
      .insert(pools)
      .values({
        projectId: project.id,
        userId,
        networkId: network.id,
        dexId: dex.id,
        tokenId: token.id,
        pairedTokenAddress: token.address,
        pairedTokenSymbol: token.symbol,
        pairedTokenName: token.name,
        pairedTokenDecimals: token.decimals,
        poolAddress: verified.address,
        poolVersion: verified.version,
        fee: verified.fee,
        projectIsToken0: verified.projectIsToken0,
      })
      .returning();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict('pool_address', m.duplicatePool);
    throw err;
  }
  // This server's lists show it at once; other servers hear it through the change feed.
  app.changes.publishLocal('lists', userId);
  const [created] = await presentPools(app, [{ pool: inserted!, project }]);
  return created!;
}
