import { pathId } from '../numbers';
import { z } from 'zod';
import { historyQuerySchema, priceHistorySchema } from '../activity/schemas';
import { poolDeleteSummarySchema } from '../delete-summary';
import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import {
  createPoolBodySchema,
  createPoolFieldOrder,
  poolAddressBodySchema,
  poolAddressSchema,
  poolListQuerySchema,
  poolListSchema,
  poolPageSchema,
  poolSchema,
  poolSummarySchema,
  PROJECT_POOLS_LIMIT,
} from './schemas';
import { priceListSchema, PRICES_PANEL_LIMIT, pricesQuerySchema } from './prices';
import { endpointGroup } from '../endpoint';

const pagingDescription =
  'Newest first (created_at, then id). Page with `cursor` = `next_cursor` of the previous page (null on the last page); `limit` 1–200, ' +
  "default 50. `q` keeps the pools whose paired token's or project's symbol, project name, pool address or DEX id contains it " +
  "(case-insensitive); `project` keeps one project's pools (another user's project answers 404).";

export const projectIdParamsSchema = z.object({ projectId: pathId });

export const poolEndpoints = endpointGroup(
  { tags: ['Pools and funds'], access: 'user', workspace: 'read', errors: [400, 401, 404, 409, 503] },
  {
    poolAddress: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/get-pool-address',
      budget: 'chain',
      summary: "Find the pool of the project's token and a paired token on a DEX, from the DEX's factory",
      body: poolAddressBodySchema,
      fieldOrder: ['project_id', 'dex_id', 'token_id'],
      responses: { 200: poolAddressSchema },
    },
    create: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/pool/:projectId',
      budget: 'chain',
      summary: 'Attach a pool to a project, after verifying it on chain',
      params: projectIdParamsSchema,
      body: createPoolBodySchema,
      fieldOrder: createPoolFieldOrder,
      responses: { 201: poolSchema },
    },
    ofProject: {
      method: 'GET',
      path: '/projects/:id/pools',
      budget: 'heavy',
      summary: "A project's pools with live reserves and price",
      description: `Newest first, at most ${PROJECT_POOLS_LIMIT}; user/pools/funds/?project={id} pages through all of them.`,
      params: idParamSchema,
      responses: { 200: poolListSchema },
    },
    deleteSummary: {
      method: 'GET',
      path: '/projects/pool/:id/delete-summary',
      summary: 'What deleting a pool also deletes',
      description: "How many alerts go with the pool, for the confirmation. Another user's pool answers 404.",
      params: idParamSchema,
      responses: { 200: poolDeleteSummarySchema },
    },
    delete: {
      method: 'DELETE',
      workspace: 'write',
      path: '/projects/pool/delete/:id',
      summary: 'Detach a pool',
      params: idParamSchema,
      responses: { 200: detailSchema },
    },
    list: {
      method: 'GET',
      path: '/projects/user/pools',
      summary: "The user's pools, a page at a time, without chain reads (the alert forms' pool select)",
      description: pagingDescription,
      query: poolListQuerySchema,
      fieldOrder: ['q', 'project', 'cursor', 'limit'],
      responses: { 200: poolPageSchema },
    },
    summary: {
      method: 'GET',
      path: '/projects/user/pools/summary',
      summary: 'For the dashboard: how many pools the user has and the newest five, without chain reads',
      description: 'The same pools as the first five of user/pools/, and their count, without reading the whole list.',
      responses: { 200: poolSummarySchema },
    },
    listLive: {
      method: 'GET',
      path: '/projects/user/pools/funds',
      budget: 'heavy',
      summary: "The user's pools with live reserves and price, a page at a time (the /funds screen)",
      description: `${pagingDescription} Reserves and prices are as of the block in pool_funds (read through the pool-state cache).`,
      query: poolListQuerySchema,
      fieldOrder: ['q', 'project', 'cursor', 'limit'],
      responses: { 200: poolPageSchema },
    },
    detail: {
      method: 'GET',
      path: '/projects/user/pools/funds/:id',
      budget: 'heavy',
      summary: 'One fund (pool with its liquidity)',
      params: idParamSchema,
      responses: { 200: poolSchema },
    },
    history: {
      method: 'GET',
      path: '/projects/user/pools/funds/:id/history',
      summary: 'Price and reserves over time from stored snapshots',
      description:
        'Points of the last 24 h, 7 d or 30 d, oldest first, one per block read (snapshots of an unchanged block are ' +
        'merged). Snapshots are kept per minute for 48 h and hourly after that. Empty until the indexer has stored history.',
      params: idParamSchema,
      query: historyQuerySchema,
      responses: { 200: priceHistorySchema },
    },
    prices: {
      method: 'GET',
      path: '/projects/pool/prices',
      budget: 'heavy',
      summary: 'Market prices of the user’s pools',
      description: `The newest \`limit\` pools, newest first (default ${PRICES_PANEL_LIMIT}, the web panel; at most 200). The funds list pages through all of them.`,
      query: pricesQuerySchema,
      fieldOrder: ['limit'],
      responses: { 200: priceListSchema },
    },
  },
);
