import {
  api,
  DASHBOARD_LIST_LIMIT,
  type poolListQuerySchema,
  poolPageSchema,
  type PoolSummary,
  type PriceHistory,
  priceListSchema,
  PROJECT_POOLS_LIMIT,
  projectMessages as m,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { workspaceData } from '../../plugins/workspace-access';
import { ownedPool, ownedPoolWithProject, ownedProject } from '../../domain/tenancy';
import { normalizeAddress, normalizePoolAddress, presentPoolAddress, type LowerAddress } from '../../lib/addresses';
import { familyOf, isV4Dex } from '../../chain/networks';
import { adapterOf } from '../../chain/dex/registry';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-errors';
import { poolSide, snapshotView } from '../../market/pool-view';
import { DAY_MS, listSnapshotsSince } from '../../market/pool-figures';
import { saveVerifiedPool } from './attach';
import { presentPools, toPriceItem } from './presenter';
import { presentShape } from '../../market/pool-shape';
import {
  countPoolAlerts,
  countUserPools,
  deletePool,
  listProjectPools,
  listUserPools,
  pageUserPools,
  projectHasPool,
} from './repository';
import { encodeNewestCursor, parseNewestCursor } from '../../db/newest-first';
import { sendSerialized, serializeAnswer } from '../../plugins/user-caches';
import { route } from '../../plugins/endpoint-routes';

const RANGE_MS = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const;

export const poolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chain } = app;
  const { registry } = chain;

  /** The project, its network, the DEX and the paired token of a pool request, or a clear 4xx. */
  async function resolvePair(userId: number, projectId: number, dexId: string, tokenId: string) {
    const project = await ownedProject(app.db, userId, projectId);
    if (!project) throw notFound(m.projectNotFound);
    const network = registry.get(project.networkId);
    if (!network) throw fieldError('project_id', m.unknownNetwork);
    const dex = network.dexes.find((d) => d.id === dexId);
    if (!dex) throw fieldError('dex', `Unknown DEX '${dexId}' on ${network.name}.`);
    const token = network.tokens.find((t) => t.id === tokenId);
    if (!token) throw fieldError('token', `Unknown token '${tokenId}' on ${network.name}.`);
    if (normalizeAddress(token.address) === project.contractAddress) {
      throw fieldError('token', 'A token cannot be paired with itself.');
    }
    return { project, network, dex, token };
  }

  route(app, api.pools.poolAddress, async (request) => {
    const { user } = workspaceData(request);
    const { project, network, dex, token } = await resolvePair(
      user.id,
      request.body.project_id,
      request.body.dex_id,
      request.body.token_id,
    );
    const found = await chain.discoverPool(network, dex, project.contractAddress as LowerAddress, token.address);
    if (!found) throw new HttpError(404, m.noPool(dex.name));
    // The fee as the family shows it: a V4 dynamic fee is no tier (the hook sets each swap's), so null.
    const facts = adapterOf(dex).facts({
      fee: found.fee,
      tickSpacing: found.key?.tickSpacing ?? found.shape?.tickSpacing ?? null,
      hooks: found.key?.hooks ?? found.shape?.plugin ?? null,
      stable: found.shape?.stable ?? null,
      binStep: found.shape?.binStep ?? null,
    });
    return {
      pool_address: presentPoolAddress(found.address),
      pool_version: found.version,
      fee: facts.fee,
      shape: presentShape(facts, familyOf(dex)),
    };
  });

  route(app, api.pools.create, async (request, reply) => {
    const { user } = workspaceData(request);
    const body = request.body;
    const { project, network, dex, token } = await resolvePair(user.id, request.params.projectId, body.dex, body.token);
    if (body.pool_version && body.pool_version !== dex.version) {
      throw fieldError('pool_version', `${dex.name} pools are ${dex.version}.`);
    }
    // A V4 pool is named by its id (0x + 64 hex), every other pool by its contract's address.
    if (isV4Dex(dex) !== (body.pool_address.length === 66)) {
      throw fieldError('pool_address', isV4Dex(dex) ? m.v4PoolIdExpected(dex.name) : m.addressInvalid);
    }
    const address = normalizePoolAddress(body.pool_address);
    if (await projectHasPool(app.db, user.id, project.id, address)) throw conflict('pool_address', m.duplicatePool);
    const verified = await chain.verifyPool(
      network,
      dex,
      address,
      project.contractAddress as LowerAddress,
      token.address,
    );
    const created = await saveVerifiedPool(app, { userId: user.id, project, network, dex, token, verified });
    if (!created) throw conflict('pool_address', m.duplicatePool);
    return reply.code(201).send(created);
  });

  route(app, api.pools.ofProject, async (request) => {
    const { user } = workspaceData(request);
    if (!(await ownedProject(app.db, user.id, request.params.id))) throw notFound(m.projectNotFound);
    return presentPools(app, await listProjectPools(app.db, user.id, request.params.id, PROJECT_POOLS_LIMIT));
  });

  route(app, api.pools.deleteSummary, async (request) => {
    const pool = await ownedPool(app.db, workspaceData(request).user.id, request.params.id);
    if (!pool) throw notFound('Pool not found.');
    return { alert_count: await countPoolAlerts(app.db, pool.id) };
  });

  route(app, api.pools.delete, async (request) => {
    const { user } = workspaceData(request);
    if (!(await deletePool(app.db, user.id, request.params.id))) throw notFound('Pool not found.');
    app.changes.publishLocal('lists', user.id);
    return { detail: 'Pool deleted.' };
  });

  /**
   * A page of the user's pools as the list routes answer it, from the answer cache (decision 0026):
   * a project filter that is not the user's answers 404, like an unknown id.
   */
  async function poolPage(
    request: { query: z.output<typeof poolListQuerySchema> },
    userId: number,
    live: boolean,
  ): Promise<Buffer> {
    const { q, project, cursor, limit } = request.query;
    const after = cursor === undefined ? null : parseNewestCursor(cursor);
    const key = `${live ? 'funds' : 'pools'}\u0000${q ?? ''}\u0000${project ?? ''}\u0000${cursor ?? ''}\u0000${limit}`;
    return app.answers.get(userId, key, async () => {
      if (project !== undefined && !(await ownedProject(app.db, userId, project))) throw notFound(m.projectNotFound);
      const page = await pageUserPools(app.db, userId, { q, projectId: project, after, limit });
      return serializeAnswer(poolPageSchema, {
        pools: await presentPools(app, page.rows, { live }),
        next_cursor: page.next && encodeNewestCursor(page.next),
      });
    });
  }

  route(app, api.pools.list, async (request, reply) =>
    sendSerialized(reply, await poolPage(request, workspaceData(request).user.id, false)),
  );

  route(app, api.pools.summary, async (request): Promise<PoolSummary> => {
    const userId = workspaceData(request).user.id;
    const [poolCount, latest] = await Promise.all([
      countUserPools(app.db, userId),
      listUserPools(app.db, userId, DASHBOARD_LIST_LIMIT),
    ]);
    return { pool_count: poolCount, latest_pools: await presentPools(app, latest, { live: false }) };
  });

  route(app, api.pools.listLive, async (request, reply) =>
    sendSerialized(reply, await poolPage(request, workspaceData(request).user.id, true)),
  );

  route(app, api.pools.detail, async (request) => {
    const row = await ownedPoolWithProject(app.db, workspaceData(request).user.id, request.params.id);
    if (!row) throw notFound('Fund not found.');
    const [fund] = await presentPools(app, [row]);
    return fund!;
  });

  route(app, api.pools.history, async (request): Promise<PriceHistory> => {
    const row = await ownedPoolWithProject(app.db, workspaceData(request).user.id, request.params.id);
    if (!row) throw notFound('Fund not found.');
    const { range } = request.query;
    const since = Date.now() - RANGE_MS[range];
    const side = poolSide(row.pool, row.project);
    const points: PriceHistory['points'] = [];
    let lastBlock: bigint | null = null;
    for (const snapshot of await listSnapshotsSince(app.db, row.pool.networkId, row.pool.poolAddress, since)) {
      // A second snapshot of a block already shown says nothing new.
      if (snapshot.blockNumber === lastBlock) continue;
      lastBlock = snapshot.blockNumber;
      const view = snapshotView(side, snapshot);
      if (view.price === null) continue;
      points.push({
        time: view.time.toISOString(),
        block_number: view.blockNumber.toString(),
        price: view.price,
        amount_token: view.pairedReserve,
        amount_project_token: view.projectReserve,
      });
    }
    return { range, points };
  });

  route(app, api.pools.prices, async (request, reply) => {
    const userId = workspaceData(request).user.id;
    const { limit } = request.query;
    const body = await app.answers.get(userId, `prices\u0000${limit}`, async () =>
      serializeAnswer(
        priceListSchema,
        (await presentPools(app, await listUserPools(app.db, userId, limit))).map(toPriceItem),
      ),
    );
    return sendSerialized(reply, body);
  });
};
