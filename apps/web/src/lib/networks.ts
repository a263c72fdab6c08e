import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { networksRootKey } from './query-keys';

/** GET projects/networks/: every supported network (id = chain id). */
export function getNetworks({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.networks.list, {}, { signal });
}

export const networksQueryOptions = queryOptions({
  queryKey: [...networksRootKey, 'list'] as const,
  queryFn: ({ signal }) => getNetworks({ signal }),
  // The list comes from the server's config file: it changes with a deploy, not while the app is open.
  staleTime: Infinity,
});

export function useNetworks() {
  return useQuery(networksQueryOptions);
}
