import { api } from '@tokendesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { discoveredPoolsQueryKey, holdersQueryKey, poolsRootKey } from '../../../lib/query-keys';

/** GET projects/{id}/discovered-pools/: pools of the token the watch found that are not attached. */
export async function getDiscoveredPools(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  const { pools } = await apiCall(api.discoveredPools.list, { params: { id: projectId } }, { signal });
  return pools;
}

export function discoveredPoolsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: discoveredPoolsQueryKey(projectId),
    queryFn: ({ signal }) => getDiscoveredPools(projectId, { signal }),
  });
}

export function useDiscoveredPools(projectId: number) {
  return useQuery(discoveredPoolsQueryOptions(projectId));
}

export interface DiscoveredPoolInput {
  projectId: number;
  discoveredId: number;
}

/**
 * POST projects/{id}/discovered-pools/{poolId}/attach/ → 201 the pool. The server verifies it on
 * chain like 'Add Pool' does: 503 when the node does not answer, 409 when it is already attached.
 */
export function attachDiscoveredPool({ projectId, discoveredId }: DiscoveredPoolInput) {
  return apiCall(api.discoveredPools.attach, { params: { id: projectId, poolId: discoveredId } });
}

/** DELETE projects/{id}/discovered-pools/{poolId}/: forgets the find; 'Add Pool' can still attach it later. */
export function dismissDiscoveredPool({ projectId, discoveredId }: DiscoveredPoolInput) {
  return apiCall(api.discoveredPools.dismiss, { params: { id: projectId, poolId: discoveredId } });
}

export function useAttachDiscoveredPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachDiscoveredPool,
    // The pool joins the project's pools and funds, leaves the found list, and its address in the
    // top holders now links to the fund.
    onSettled: (_pool, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
        queryClient.invalidateQueries({ queryKey: discoveredPoolsQueryKey(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: holdersQueryKey(input.projectId) }),
      ]),
  });
}

export function useDismissDiscoveredPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissDiscoveredPool,
    // A found pool labels its address as a pool among the holders; dismissed, it no longer does.
    onSettled: (_detail, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discoveredPoolsQueryKey(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: holdersQueryKey(input.projectId) }),
      ]),
  });
}
