import { api } from '@tokendesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

/**
 * GET projects/user/pools/summary/: the pool count and the five newest pools without chain reads,
 * for the dashboard (its rows never wait for a node).
 */
export function getPoolsSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.summary, {}, { signal });
}

export const poolsSummaryQueryOptions = queryOptions({
  queryKey: [...poolsRootKey, 'summary'] as const,
  queryFn: ({ signal }) => getPoolsSummary({ signal }),
});
