import { apiErrorSchema, dexOptionSchema, idParamSchema, networkSchema, projectMessages, tokenOptionSchema } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { toApiDex, toApiNetwork, toApiToken } from './presenter';

const tags = ['Networks'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 401: apiErrorSchema, 404: apiErrorSchema };

/** The network registry as the API sees it: read-only configuration, same for every user. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = app.chain.registry;
  const network = (id: number) => {
    const found = registry.get(id);
    if (!found) throw notFound(projectMessages.unknownNetwork);
    return found;
  };

  app.get(
    '/projects/networks',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Supported networks', response: { 200: z.array(networkSchema), ...errors } } },
    async () => registry.list().map(toApiNetwork),
  );
  app.get(
    '/projects/network/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'One network', params: idParamSchema, response: { 200: networkSchema, ...errors } } },
    async (request) => toApiNetwork(network(request.params.id)),
  );
  app.get(
    '/projects/network/:id/dex-options',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'DEXes of a network, with the family and the factory (or PoolManager) each is read through', params: idParamSchema, response: { 200: z.array(dexOptionSchema), ...errors } },
    },
    async (request) => network(request.params.id).dexes.map(toApiDex),
  );
  app.get(
    '/projects/network/:id/token-options',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Common pair tokens of a network', params: idParamSchema, response: { 200: z.array(tokenOptionSchema), ...errors } },
    },
    async (request) => network(request.params.id).tokens.map(toApiToken),
  );
};
