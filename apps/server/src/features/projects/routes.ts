import {
  api,
  DASHBOARD_LIST_LIMIT,
  projectListSchema,
  projectMessages as m,
  type ProjectSummary,
  searchResultSchema,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { normalizeAddress } from '../../lib/addresses';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { encodeNewestCursor, parseNewestCursor } from '../../db/newest-first';
import { sendSerialized, serializeAnswer } from '../../plugins/user-caches';
import {
  countProjectDependents,
  countProjects,
  deleteProject,
  findProject,
  insertProject,
  findProjectByAddress,
  listProjects,
  pageProjects,
  searchProjects,
} from './repository';
import { toApiProject } from './presenter';
import { route } from '../../plugins/endpoint-routes';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry } = app.chain;
  const networkOrFail = (id: number) => {
    const network = registry.get(id);
    if (!network) throw fieldError('network', m.unknownNetwork);
    return network;
  };

  route(app, api.projects.list, async (request, reply) => {
    const userId = workspaceData(request).user.id;
    const { q, cursor, limit } = request.query;
    const after = cursor === undefined ? null : parseNewestCursor(cursor);
    const body = await app.answers.get(
      userId,
      `projects\u0000${q ?? ''}\u0000${cursor ?? ''}\u0000${limit}`,
      async () => {
        const page = await pageProjects(app.db, userId, { q, after, limit });
        return serializeAnswer(projectListSchema, {
          projects: page.rows.map(toApiProject),
          next_cursor: page.next && encodeNewestCursor(page.next),
        });
      },
    );
    return sendSerialized(reply, body);
  });

  route(app, api.projects.summary, async (request): Promise<ProjectSummary> => {
    const userId = workspaceData(request).user.id;
    const [projectCount, recent] = await Promise.all([
      countProjects(app.db, userId),
      listProjects(app.db, userId, DASHBOARD_LIST_LIMIT),
    ]);
    return { project_count: projectCount, recent_projects: recent.map(toApiProject) };
  });

  route(app, api.projects.search, async (request, reply) => {
    const query = request.query.query.trim();
    if (query.length < 2) return [];
    const userId = workspaceData(request).user.id;
    const body = await app.answers.get(userId, `search\u0000${query}`, async () =>
      serializeAnswer(searchResultSchema, await searchProjects(app.db, userId, query)),
    );
    return sendSerialized(reply, body);
  });

  route(app, api.projects.tokenInfo, async (request) => {
    const network = networkOrFail(request.body.network);
    const address = normalizeAddress(request.body.contract_address);
    // Said at once, before the form is filled in and sent (issue 35); the user's own projects only.
    const [info, existing] = await Promise.all([
      app.chain.tokenInfo(network, address),
      findProjectByAddress(app.db, workspaceData(request).user.id, network.id, address),
    ]);
    return existing
      ? { ...info, existing_project: { id: existing.id, name: existing.name, token_symbol: existing.tokenSymbol } }
      : info;
  });

  route(app, api.projects.create, async (request, reply) => {
    const { user } = workspaceData(request);
    const body = request.body;
    const network = networkOrFail(body.network);
    const address = normalizeAddress(body.contract_address);
    if (await findProjectByAddress(app.db, user.id, network.id, address))
      throw conflict('contract_address', m.duplicateProject);
    // The head is read before the project exists, so every pool created after it was added is at
    // or above this block: the new-pool watch starts the project there (decision 0057).
    const [info, headBlock] = await Promise.all([app.chain.tokenInfo(network, address), app.chain.headBlock(network)]);
    if (info.decimals !== body.token_decimal) {
      throw fieldError(
        'token_decimal',
        `The contract reports ${info.decimals} decimals. Use Fetch Token Info to fill them in.`,
      );
    }
    const row = await insertProject(app.db, {
      userId: user.id,
      networkId: network.id,
      contractAddress: address,
      // What the chain says, through the untrusted-text boundary — never the client's text, which
      // would otherwise reach exports, notifications and alert texts as the token's (decision 0057).
      name: info.name,
      tokenSymbol: info.symbol,
      tokenDecimal: info.decimals,
      createdBlock: headBlock,
    });
    if (!row) throw conflict('contract_address', m.duplicateProject);
    app.changes.publishLocal('lists', user.id);
    return reply.code(201).send(toApiProject(row));
  });

  route(app, api.projects.get, async (request) => {
    const project = await findProject(app.db, workspaceData(request).user.id, request.params.id);
    if (!project) throw notFound(m.projectNotFound);
    return toApiProject(project);
  });

  route(app, api.projects.deleteSummary, async (request) => {
    const { user } = workspaceData(request);
    if (!(await findProject(app.db, user.id, request.params.id))) throw notFound(m.projectNotFound);
    const { poolCount, alertCount } = await countProjectDependents(app.db, user.id, request.params.id);
    return { pool_count: poolCount, alert_count: alertCount };
  });

  route(app, api.projects.delete, async (request) => {
    const { user } = workspaceData(request);
    // Pools go with it (ON DELETE CASCADE), in the same statement.
    if (!(await deleteProject(app.db, user.id, request.params.id))) throw notFound(m.projectNotFound);
    app.changes.publishLocal('lists', user.id);
    return { detail: 'Project deleted.' };
  });
};
