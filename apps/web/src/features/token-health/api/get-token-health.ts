import { api } from '@tokendesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { tokenHealthQueryKey } from '../../../lib/query-keys';

// Under the projects root (lib/query-keys.ts): attaching a pool reads the card again; deleting the
// project removes it before anything refetches it.
export { tokenHealthQueryKey };

/** GET projects/{id}/token-health/: the 'Token health' card, read from the chain at one block. */
export function getTokenHealth(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.tokenHealth.card, { params: { id: projectId } }, { signal });
}

/** Each answer costs the server a simulation per pool: read once per visit, not on every focus. */
export function useTokenHealth(projectId: number) {
  return useQuery({
    queryKey: tokenHealthQueryKey(projectId),
    queryFn: ({ signal }) => getTokenHealth(projectId, { signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
