import { apiErrorSchema, detailSchema, discoveredPoolListSchema, idParamSchema, pathId, poolSchema, projectMessages as m } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../auth/plugin';
import { ownedDiscoveredPool, ownedProject } from '../../domain/tenancy';
import type { DiscoveredPoolRow } from '../../db/schema';
import { normalizeAddress, type LowerAddress } from '../../lib/addresses';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import { saveVerifiedPool, type PairedToken } from './attach';
import { deleteDiscoveredPool, listDiscoveredPools } from './discovered-repository';
import { toApiDiscoveredPool } from './presenter';

const tags = ['Pools and funds'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema };
const discoveredParams = z.object({
  id: pathId,
  poolId: pathId,
});
const discoveredMissing = 'This pool was not found for this project.';

/** Pools the new-pool watch found for a project's token: list, attach in one click, dismiss. */
export const discoveredPoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chain } = app;

  async function findDiscovered(userId: number, projectId: number, id: number): Promise<DiscoveredPoolRow> {
    const row = await ownedDiscoveredPool(app.db, userId, projectId, id);
    if (!row) throw notFound(discoveredMissing);
    return row;
  }

  app.get(
    '/projects/:id/discovered-pools',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "New pools of the project's token that the watch found on the network's DEXes and that are not attached",
        params: idParamSchema,
        response: { 200: discoveredPoolListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const project = await ownedProject(app.db, user.id, request.params.id);
      if (!project) throw notFound(m.projectNotFound);
      const rows = await listDiscoveredPools(app.db, user.id, project.id);
      return { pools: rows.map((row) => toApiDiscoveredPool(chain.registry, row)) };
    },
  );

  app.post(
    '/projects/:id/discovered-pools/:poolId/attach',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Attach a found pool to the project, after verifying it on chain like any other pool',
        params: discoveredParams,
        response: { 201: poolSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
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
      const verified = await chain.verifyPool(network, dex, found.poolAddress as LowerAddress, project.contractAddress as LowerAddress, paired);
      const created = await saveVerifiedPool(app, { userId: user.id, project, network, dex, token, verified });
      if (!created) throw conflict('pool_address', m.duplicatePool);
      await deleteDiscoveredPool(app.db, found.id);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/projects/:id/discovered-pools/:poolId',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Dismiss a found pool', params: discoveredParams, response: { 200: detailSchema, ...errors } },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const found = await findDiscovered(user.id, request.params.id, request.params.poolId);
      await deleteDiscoveredPool(app.db, found.id);
      return { detail: 'Pool dismissed.' };
    },
  );
};
