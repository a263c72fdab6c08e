import { api, projectMessages as m } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { withDeadline } from '../../chain/client';
import { ownedProject } from '../../domain/tenancy';
import { notFound } from '../../lib/http-errors';
import { route } from '../../plugins/endpoint-routes';
import { tokenHealth } from './service';

/** The card's findings each stop at their own limit (read-token-health.ts); this bounds the whole answer. */
const CARD_DEADLINE_MS = 9_000;

export const tokenHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.tokenHealth.card, async (request) => {
    const { user } = workspaceData(request);
    const project = await ownedProject(app.db, user.id, request.params.id);
    if (!project) throw notFound(m.projectNotFound);
    const network = app.chain.registry.get(project.networkId);
    if (!network) throw notFound(m.projectNotFound);
    return withDeadline(
      network,
      () => tokenHealth(app.db, app.chain.client(network), network, project),
      CARD_DEADLINE_MS,
    );
  });
};
