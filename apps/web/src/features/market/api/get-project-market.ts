import { api, PROJECT_MARKET_IDS_MAX, type ProjectMarket } from '@tokendesk/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey, projectMarketQueryKey } from '../../../lib/query-keys';
import { pollInterval } from '../../../lib/live/connection-store';

/** Prices poll every 30 s (product §6); the USD figures are prices too. */
export const MARKET_POLL_MS = 30_000;

// Under the pools root: the figures come from the project's pools, and attaching or removing a pool
// invalidates that root (a feature never imports another's keys, lib/query-keys.ts).

/** GET projects/{id}/market: USD price, 24 h change, liquidity, market cap, FDV, volume, holders. */
export function getProjectMarket(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.market.ofProject, { params: { id } }, { signal });
}

export function projectMarketQueryOptions(id: number) {
  return queryOptions({
    queryKey: projectMarketQueryKey(id),
    queryFn: ({ signal }) => getProjectMarket(id, { signal }),
    refetchInterval: pollInterval(MARKET_POLL_MS),
  });
}

export function useProjectMarket(id: number) {
  return useQuery(projectMarketQueryOptions(id));
}

/** GET projects/market?ids=1,2,3: the same figures for up to PROJECT_MARKET_IDS_MAX projects. */
export function getProjectsMarket(ids: number[], { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.market.list, { query: { ids: ids.join(',') } }, { signal });
}

/** Ids in request-sized groups, in order (a list page may hold more than one request takes). */
export function marketIdChunks(ids: number[], size: number = PROJECT_MARKET_IDS_MAX): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

export interface ProjectsMarket {
  /** The figures of each project whose request has answered. */
  byId: Map<number, ProjectMarket>;
  /** Ids whose request is still on its way (rows show a skeleton). */
  pending: Set<number>;
  /** Ids whose request failed (rows show '—'). */
  failed: Set<number>;
}

/**
 * The USD figures of a list's rows, asked for after the list itself has rendered (the list never
 * waits for the chain reads behind them), one request per PROJECT_MARKET_IDS_MAX rows.
 */
export function useProjectsMarket(ids: number[]): ProjectsMarket {
  const chunks = marketIdChunks(ids);
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: [...poolsRootKey, 'project-market-list', chunk] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getProjectsMarket(chunk, { signal }),
      refetchInterval: pollInterval(MARKET_POLL_MS),
    })),
    combine: (results) => {
      const market: ProjectsMarket = { byId: new Map(), pending: new Set(), failed: new Set() };
      results.forEach((result, index) => {
        const chunk = chunks[index] ?? [];
        if (result.data) for (const item of result.data) market.byId.set(item.project_id, item);
        else if (result.isPending) chunk.forEach((id) => market.pending.add(id));
        else chunk.forEach((id) => market.failed.add(id));
      });
      return market;
    },
  });
}
