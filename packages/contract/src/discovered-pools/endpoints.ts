import { pathId } from '../numbers';
import { z } from 'zod';
import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import { discoveredPoolListSchema } from './schemas';
import { poolSchema } from '../pools/schemas';
import { endpointGroup } from '../endpoint';

export const discoveredPoolParamsSchema = z.object({
  id: pathId,
  poolId: pathId,
});

export const discoveredPoolEndpoints = endpointGroup(
  { tags: ['Pools and funds'], access: 'user', workspace: 'read', errors: [400, 401, 404, 409, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/:id/discovered-pools',
      summary: "New pools of the project's token that the watch found on the network's DEXes and that are not attached",
      params: idParamSchema,
      responses: { 200: discoveredPoolListSchema },
    },
    attach: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/:id/discovered-pools/:poolId/attach',
      budget: 'chain',
      summary: 'Attach a found pool to the project, after verifying it on chain like any other pool',
      params: discoveredPoolParamsSchema,
      responses: { 201: poolSchema },
    },
    dismiss: {
      method: 'DELETE',
      workspace: 'write',
      path: '/projects/:id/discovered-pools/:poolId',
      summary: 'Dismiss a found pool',
      params: discoveredPoolParamsSchema,
      responses: { 200: detailSchema },
    },
  },
);
