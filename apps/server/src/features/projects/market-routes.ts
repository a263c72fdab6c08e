import {
  apiErrorSchema,
  idParamSchema,
  liquiditySummarySchema,
  PROJECT_MARKET_IDS_MAX,
  projectMarketListSchema,
  projectMarketQuerySchema,
  projectMarketSchema,
  projectMessages as m,
  type Pool,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Address } from 'viem';
import { currentAuth } from '../../auth/plugin';
import { notFound } from '../../lib/http-errors';
import type { SupplySnapshot } from '../../market/usd/engine';
import type { ProjectPrice } from '../../market/usd/valuation';
import { sendSerialized, serializeAnswer } from '../../plugins/user-caches';
import { toLiquiditySummary, toProjectMarket } from './market-presenter';
import { findProject, listProjects, type ProjectWithHolders } from './repository';

const tags = ['Projects'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

export interface MarketRoutesOptions {
  /**
   * The user's pools of these projects (null: all of them) presented live, with each project's USD
   * price. The pools feature does this; app.ts passes it in because features do not import each other.
   */
  valuedPools(userId: number, projectIds: readonly number[] | null): Promise<{ pools: Pool[]; projectPrices: Map<number, ProjectPrice> }>;
}

const USD_NOTE =
  'USD figures come from the chain (docs/decisions/0032): USDC and USDT count as 1 USD, the wrapped native token is priced in its deepest pool against them, ' +
  "and the project token in its deepest pool holding at least USD_MIN_LIQUIDITY. `usd` names the pools and the block; `usd_unavailable_reason` says why a figure is null.";

export const projectMarketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, options) => {
  /** Each project's supply; one multicall per network for all of them. */
  const supplyOf = async (projects: readonly ProjectWithHolders[]): Promise<Map<number, SupplySnapshot | null>> => {
    const byNetwork = new Map<number, ProjectWithHolders[]>();
    for (const p of projects) byNetwork.set(p.networkId, [...(byNetwork.get(p.networkId) ?? []), p]);
    const result = new Map<number, SupplySnapshot | null>();
    await Promise.all(
      [...byNetwork].map(async ([networkId, list]) => {
        const network = app.chain.registry.get(networkId);
        const supplies = network ? await app.usd.supplies(network, list.map((p) => p.contractAddress as Address)) : [];
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
    return projects.map((p) => toProjectMarket(app.usd, p, app.chain.registry.get(p.networkId), pools, projectPrices.get(p.id), supplies.get(p.id) ?? null, nowMs));
  };

  app.get(
    '/projects/market',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['ids'] },
      schema: {
        tags,
        security,
        summary: 'USD price, liquidity, market cap, FDV, volume and holders of several projects (list screens)',
        description: `\`ids\`: 1–${PROJECT_MARKET_IDS_MAX} project ids separated by commas, answered in that order; an id that is not one of the user's projects answers 404. ${USD_NOTE}`,
        querystring: projectMarketQuerySchema,
        response: { 200: projectMarketListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentAuth(request).user.id;
      const ids = request.query.ids;
      const body = await app.answers.get(userId, `market\u0000${ids.join(',')}`, async () => {
        const own = new Map((await listProjects(app.db, userId)).map((p) => [p.id, p]));
        const projects = ids.map((id) => own.get(id));
        if (projects.some((p) => p === undefined)) throw notFound(m.projectNotFound);
        return serializeAnswer(projectMarketListSchema, await marketOf(userId, projects as ProjectWithHolders[]));
      });
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/projects/:id/market',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "A project's USD price, 24 h change, liquidity, market cap, FDV, volume and holders",
        description: USD_NOTE,
        params: idParamSchema,
        response: { 200: projectMarketSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      const project = await findProject(app.db, userId, request.params.id);
      if (!project) throw notFound(m.projectNotFound);
      const [market] = await marketOf(userId, [project]);
      return market!;
    },
  );

  app.get(
    '/projects/user/pools/liquidity',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "For the dashboard: the total USD liquidity of the user's pools",
        description: `Sum of liquidity_usd over all the user's pools that have one; pools_not_valued counts the others. ${USD_NOTE}`,
        response: { 200: liquiditySummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentAuth(request).user.id;
      const body = await app.answers.get(userId, 'pools-liquidity', async () =>
        serializeAnswer(liquiditySummarySchema, toLiquiditySummary((await options.valuedPools(userId, null)).pools)),
      );
      return sendSerialized(reply, body);
    },
  );
};
