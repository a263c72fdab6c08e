import { api, projectMessages as m, type Pool } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { ownedDiscoveredPool, ownedProject } from '../../domain/tenancy';
import type { DiscoveredPoolRow } from '../../db/schema';
import { normalizeAddress, type LowerAddress } from '../../lib/addresses';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import type { DexConfig, NetworkConfig, PairedToken } from '../../chain/networks';
import type { VerifiedPool } from '../../chain/pools';
import type { ProjectRow } from '../../db/schema';
import { deleteDiscoveredPool, listDiscoveredPools } from './repository';
import { toApiDiscoveredPool } from './presenter';
import { route } from '../../plugins/endpoint-routes';

const discoveredMissing = 'This pool was not found for this project.';

export interface DiscoveredPoolRoutesOptions {
  /**
   * Saves a verified pool exactly as adding one does; null when the project already has it. app.ts
   * passes features/pools' saveVerifiedPool: features do not import each other.
   */
  attachPool: (target: {
    userId: number;
    project: ProjectRow;
    network: NetworkConfig;
    dex: DexConfig;
    token: PairedToken;
    verified: VerifiedPool;
  }) => Promise<Pool | null>;
}

/** Pools the new-pool watch found for a project's token: list, attach in one click, dismiss. */
export const discoveredPoolRoutes: FastifyPluginAsyncZod<DiscoveredPoolRoutesOptions> = async (app, { attachPool }) => {
  const { chain } = app;

  async function findDiscovered(userId: number, projectId: number, id: number): Promise<DiscoveredPoolRow> {
    const row = await ownedDiscoveredPool(app.db, userId, projectId, id);
    if (!row) throw notFound(discoveredMissing);
    return row;
  }

  route(app, api.discoveredPools.list, async (request) => {
    const { user } = workspaceData(request);
    const project = await ownedProject(app.db, user.id, request.params.id);
    if (!project) throw notFound(m.projectNotFound);
    const rows = await listDiscoveredPools(app.db, user.id, project.id);
    return { pools: rows.map((row) => toApiDiscoveredPool(chain.registry, row)) };
  });

  route(app, api.discoveredPools.attach, async (request, reply) => {
    const { user } = workspaceData(request);
    const project = await ownedProject(app.db, user.id, request.params.id);
    if (!project) throw notFound(m.projectNotFound);
    const found = await findDiscovered(user.id, project.id, request.params.poolId);
    const network = chain.registry.get(found.networkId);
    const dex = network?.dexes.find((d) => d.id === found.dexId);
    if (!network || !dex) throw new HttpError(400, `The DEX '${found.dexId}' is no longer configured.`);
    const paired = found.pairedTokenAddress as LowerAddress;
    let token: PairedToken | undefined = network.tokens.find((t) => normalizeAddress(t.address) === paired);
    if (!token) {
      // A pair token outside the registry (common for copies): its facts come from its contract.
      const info = await chain.tokenInfo(network, paired);
      token = { id: paired, address: paired, symbol: info.symbol, name: info.name, decimals: info.decimals };
    }
    const verified = await chain.verifyPool(
      network,
      dex,
      found.poolAddress as LowerAddress,
      project.contractAddress as LowerAddress,
      paired,
    );
    const created = await attachPool({ userId: user.id, project, network, dex, token, verified });
    if (!created) throw conflict('pool_address', m.duplicatePool);
    await deleteDiscoveredPool(app.db, found.id);
    return reply.code(201).send(created);
  });

  route(app, api.discoveredPools.dismiss, async (request) => {
    const { user } = workspaceData(request);
    const found = await findDiscovered(user.id, request.params.id, request.params.poolId);
    await deleteDiscoveredPool(app.db, found.id);
    return { detail: 'Pool dismissed.' };
  });
};
