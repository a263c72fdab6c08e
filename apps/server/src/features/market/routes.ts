import {
  api,
  liquiditySummarySchema,
  type Pool,
  projectMarketListSchema,
  projectMessages as m,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Address } from 'viem';
import { workspaceData } from '../../plugins/workspace-access';
import { notFound } from '../../lib/http-errors';
import type { SupplySnapshot } from '../../market/usd/engine';
import type { ProjectPrice } from '../../market/usd/valuation';
import { sendSerialized, serializeAnswer } from '../../plugins/user-caches';
import { toLiquiditySummary, toProjectMarket } from './presenter';
import type { ProjectWithHolders } from '../../domain/projects';
import { route } from '../../plugins/endpoint-routes';

export interface MarketRoutesOptions {
  /** The user's projects, and one of them (undefined when not theirs): features/projects reads them; app.ts passes them in. */
  projects: {
    list(userId: number): Promise<ProjectWithHolders[]>;
    find(userId: number, id: number): Promise<ProjectWithHolders | undefined>;
  };
  /**
   * The user's pools of these projects (null: all of them) presented live, with each project's USD
   * price. The pools feature does this; app.ts passes it in because features do not import each other.
   */
  valuedPools(
    userId: number,
    projectIds: readonly number[] | null,
  ): Promise<{ pools: Pool[]; projectPrices: Map<number, ProjectPrice> }>;
}

export const projectMarketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, options) => {
  /** Each project's supply; one multicall per network for all of them. */
  const supplyOf = async (projects: readonly ProjectWithHolders[]): Promise<Map<number, SupplySnapshot | null>> => {
    const byNetwork = new Map<number, ProjectWithHolders[]>();
    for (const p of projects) byNetwork.set(p.networkId, [...(byNetwork.get(p.networkId) ?? []), p]);
    const result = new Map<number, SupplySnapshot | null>();
    await Promise.all(
      [...byNetwork].map(async ([networkId, list]) => {
        const network = app.chain.registry.get(networkId);
        const supplies = network
          ? await app.usd.supplies(
              network,
              list.map((p) => p.contractAddress as Address),
            )
          : [];
        list.forEach((p, i) => result.set(p.id, supplies[i] ?? null));
      }),
    );
    return result;
  };

  const marketOf = async (userId: number, projects: readonly ProjectWithHolders[]) => {
    const nowMs = Date.now();
    const [{ pools, projectPrices }, supplies] = await Promise.all([
      options.valuedPools(
        userId,
        projects.map((p) => p.id),
      ),
      supplyOf(projects),
    ]);
    return projects.map((p) =>
      toProjectMarket(
        app.usd,
        p,
        app.chain.registry.get(p.networkId),
        pools,
        projectPrices.get(p.id),
        supplies.get(p.id) ?? null,
        nowMs,
      ),
    );
  };

  route(app, api.market.list, async (request, reply) => {
    const userId = workspaceData(request).user.id;
    const ids = request.query.ids;
    const body = await app.answers.get(userId, `market\u0000${ids.join(',')}`, async () => {
      const own = new Map((await options.projects.list(userId)).map((p) => [p.id, p]));
      const projects = ids.map((id) => own.get(id));
      if (projects.some((p) => p === undefined)) throw notFound(m.projectNotFound);
      return serializeAnswer(projectMarketListSchema, await marketOf(userId, projects as ProjectWithHolders[]));
    });
    return sendSerialized(reply, body);
  });

  route(app, api.market.ofProject, async (request) => {
    const userId = workspaceData(request).user.id;
    const project = await options.projects.find(userId, request.params.id);
    if (!project) throw notFound(m.projectNotFound);
    const [market] = await marketOf(userId, [project]);
    return market!;
  });

  route(app, api.market.liquidity, async (request, reply) => {
    const userId = workspaceData(request).user.id;
    const body = await app.answers.get(userId, 'pools-liquidity', async () =>
      serializeAnswer(liquiditySummarySchema, toLiquiditySummary((await options.valuedPools(userId, null)).pools)),
    );
    return sendSerialized(reply, body);
  });
};
