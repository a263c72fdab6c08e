import { api, type HolderReconciliationStatus, type HolderSyncState } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { holderHistoryQueryKey, holdersQueryKey } from '../../../lib/query-keys';

/** Under the projects root: deleting or changing a project refreshes its holders too. */

/** How often the summary is asked again while the backfill runs (it moves every indexer tick). */
export const HOLDER_SYNC_POLL_MS = 3_000;

/**
 * Poll while the figures are still being built, and until their first check against the chain
 * (it runs right after the backfill ends); a live, checked token does not move on its own clock.
 */
export function holderPollInterval(
  state: HolderSyncState | undefined,
  check?: HolderReconciliationStatus,
): number | false {
  return state === 'pending' || state === 'indexing' || (state === 'live' && check === 'pending')
    ? HOLDER_SYNC_POLL_MS
    : false;
}

/** GET projects/{id}/holders/: count, concentration, the 20 largest balances and the indexing state. */
export function getHolders(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.holders.summary, { params: { id: projectId } }, { signal });
}

/** GET projects/{id}/holders/history/: the holder count at the end of each UTC day that had transfers. */
export function getHolderHistory(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.holders.history, { params: { id: projectId } }, { signal });
}

export function holdersQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: holdersQueryKey(projectId),
    queryFn: ({ signal }) => getHolders(projectId, { signal }),
    refetchInterval: (query) =>
      holderPollInterval(query.state.data?.sync.state, query.state.data?.reconciliation.status),
  });
}

export function useHolders(projectId: number) {
  return useQuery(holdersQueryOptions(projectId));
}

/** Asked only once the history is complete (the caller mounts when live): a partial one draws a false curve. */
export function useHolderHistory(projectId: number) {
  return useQuery({
    queryKey: holderHistoryQueryKey(projectId),
    queryFn: ({ signal }) => getHolderHistory(projectId, { signal }),
  });
}
