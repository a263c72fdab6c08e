import {
  apiErrorSchema,
  createProjectBodySchema,
  createProjectFieldOrder,
  DASHBOARD_LIST_LIMIT,
  detailSchema,
  idParamSchema,
  projectListQuerySchema,
  projectListSchema,
  projectDeleteSummarySchema,
  projectMessages as m,
  projectSchema,
  projectSummarySchema,
  searchQuerySchema,
  searchResultSchema,
  tokenInfoBodySchema,
  tokenInfoSchema,
  type ProjectSummary,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { normalizeAddress } from '../../lib/addresses';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { encodeNewestCursor, parseNewestCursor } from '../../db/newest-first';
import { sendSerialized, serializeAnswer } from '../../plugins/user-caches';
import { countProjectDependents, countProjects, deleteProject, findProject, insertProject, findProjectByAddress, listProjects, pageProjects, searchProjects } from './repository';
import { toApiProject } from './presenter';

const tags = ['Projects'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema };

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry } = app.chain;
  const networkOrFail = (id: number) => {
    const network = registry.get(id);
    if (!network) throw fieldError('network', m.unknownNetwork);
    return network;
  };

  app.get(
    '/projects',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['q', 'cursor', 'limit'] },
      schema: {
        tags,
        security,
        summary: "The user's projects, newest first, a page at a time",
        description:
          'Newest first (created_at, then id). Page with `cursor` = `next_cursor` of the previous page (null on the last page); ' +
          '`limit` 1–200, default 50. `q` keeps the projects whose name, symbol or contract address contains it (case-insensitive).',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentAuth(request).user.id;
      const { q, cursor, limit } = request.query;
      const after = cursor === undefined ? null : parseNewestCursor(cursor);
      const body = await app.answers.get(userId, `projects\u0000${q ?? ''}\u0000${cursor ?? ''}\u0000${limit}`, async () => {
        const page = await pageProjects(app.db, userId, { q, after, limit });
        return serializeAnswer(projectListSchema, { projects: page.rows.map(toApiProject), next_cursor: page.next && encodeNewestCursor(page.next) });
      });
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/projects/summary',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'For the dashboard: how many projects the user has and the newest five',
        description: 'The same projects as the first five of projects/, and their count, without reading the whole list.',
        response: { 200: projectSummarySchema, ...errors },
      },
    },
    async (request): Promise<ProjectSummary> => {
      const userId = currentAuth(request).user.id;
      const [projectCount, recent] = await Promise.all([countProjects(app.db, userId), listProjects(app.db, userId, DASHBOARD_LIST_LIMIT)]);
      return { project_count: projectCount, recent_projects: recent.map(toApiProject) };
    },
  );

  app.get(
    '/projects/search',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Search own projects by name, symbol or contract address (the full address or its start of at least 4 hex digits, with or without '0x'; case-insensitive, at most 10)",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query.query.trim();
      if (query.length < 2) return [];
      const userId = currentAuth(request).user.id;
      const body = await app.answers.get(userId, `search\u0000${query}`, async () =>
        serializeAnswer(searchResultSchema, await searchProjects(app.db, userId, query)),
      );
      return sendSerialized(reply, body);
    },
  );

  app.post(
    '/projects/get-token-info',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['network', 'contract_address'] },
      schema: {
        tags,
        security,
        summary: 'Read name, symbol and decimals from the token contract',
        description:
          'Name and symbol are untrusted contract data: control and invisible characters are removed and they are cut to what a project stores, ' +
          'so projects/create accepts the answer unchanged. A token whose name() or symbol() reverts or answers nothing printable is still a token ' +
          '(decimals() and totalSupply() decide); a fallback is filled in and `notes` says what was changed. ' +
          '`existing_project` names the caller\'s own project of this token on this network, if there is one.',
        body: tokenInfoBodySchema,
        response: { 200: tokenInfoSchema, ...errors },
      },
    },
    async (request) => {
      const network = networkOrFail(request.body.network);
      const address = normalizeAddress(request.body.contract_address);
      // Said at once, before the form is filled in and sent (issue 35); the user's own projects only.
      const [info, existing] = await Promise.all([
        app.chain.tokenInfo(network, address),
        findProjectByAddress(app.db, currentAuth(request).user.id, network.id, address),
      ]);
      return existing ? { ...info, existing_project: { id: existing.id, name: existing.name, token_symbol: existing.tokenSymbol } } : info;
    },
  );

  app.post(
    '/projects/create',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: createProjectFieldOrder },
      schema: {
        tags,
        security,
        summary: 'Add a token project',
        description:
          'The contract is read on chain first: it must be an ERC-20 token, and its decimals must match token_decimal. ' +
          "The project stores the contract's name and symbol, cleaned exactly as get-token-info answers them: `name` and `token_symbol` " +
          "are still required (get-token-info's answer passes unchanged) but not stored: the answer shows what was saved.",
        body: createProjectBodySchema,
        response: { 201: projectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const body = request.body;
      const network = networkOrFail(body.network);
      const address = normalizeAddress(body.contract_address);
      if (await findProjectByAddress(app.db, user.id, network.id, address)) throw conflict('contract_address', m.duplicateProject);
      // The head is read before the project exists, so every pool created after it was added is at
      // or above this block: the new-pool watch starts the project there (decision 0057).
      const [info, headBlock] = await Promise.all([app.chain.tokenInfo(network, address), app.chain.headBlock(network)]);
      if (info.decimals !== body.token_decimal) {
        throw fieldError('token_decimal', `The contract reports ${info.decimals} decimals. Use Fetch Token Info to fill them in.`);
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
    },
  );

  app.get(
    '/projects/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'One project', params: idParamSchema, response: { 200: projectSchema, ...errors } } },
    async (request) => {
      const project = await findProject(app.db, currentAuth(request).user.id, request.params.id);
      if (!project) throw notFound(m.projectNotFound);
      return toApiProject(project);
    },
  );

  app.get(
    '/projects/:id/delete-summary',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'What deleting a project also deletes',
        description: "How many pools and alerts go with the project, for the confirmation. Another user's project answers 404.",
        params: idParamSchema,
        response: { 200: projectDeleteSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      if (!(await findProject(app.db, user.id, request.params.id))) throw notFound(m.projectNotFound);
      const { poolCount, alertCount } = await countProjectDependents(app.db, user.id, request.params.id);
      return { pool_count: poolCount, alert_count: alertCount };
    },
  );

  app.delete(
    '/projects/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Delete a project with its pools', params: idParamSchema, response: { 200: detailSchema, ...errors } },
    },
    async (request) => {
      const { user } = currentAuth(request);
      // Pools go with it (ON DELETE CASCADE), in the same statement.
      if (!(await deleteProject(app.db, user.id, request.params.id))) throw notFound(m.projectNotFound);
      app.changes.publishLocal('lists', user.id);
      return { detail: 'Project deleted.' };
    },
  );
};
