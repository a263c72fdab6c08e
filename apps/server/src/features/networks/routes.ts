import { api, projectMessages } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors';
import { toApiDex, toApiNetwork, toApiToken } from './presenter';
import { route } from '../../plugins/endpoint-routes';

/** The network registry as the API sees it: read-only configuration, same for every user. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = app.chain.registry;
  const network = (id: number) => {
    const found = registry.get(id);
    if (!found) throw notFound(projectMessages.unknownNetwork);
    return found;
  };

  route(app, api.networks.list, async () => registry.list().map(toApiNetwork));
  route(app, api.networks.get, async (request) => toApiNetwork(network(request.params.id)));
  route(app, api.networks.dexOptions, async (request) => network(request.params.id).dexes.map(toApiDex));
  route(app, api.networks.tokenOptions, async (request) => network(request.params.id).tokens.map(toApiToken));
};
