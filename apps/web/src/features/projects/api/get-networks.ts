import { networkSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { networksRootKey } from '../../../lib/query-keys';

const networkListSchema = z.array(networkSchema);

/** GET projects/networks/: every supported network (id = chain id). */
export function getNetworks({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/networks/', { schema: networkListSchema, signal });
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
