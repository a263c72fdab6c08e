import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { networksRootKey } from '../../../lib/query-keys';

/** GET projects/network/{id}/dex-options/: the DEXes TokenDesk knows on that network. */
export function getDexOptions(networkId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.networks.dexOptions, { params: { id: networkId } }, { signal });
}

export function dexOptionsQueryOptions(networkId: number) {
  return queryOptions({
    queryKey: [...networksRootKey, networkId, 'dex-options'] as const,
    queryFn: ({ signal }) => getDexOptions(networkId, { signal }),
    staleTime: Infinity,
  });
}

export function useDexOptions(networkId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dexOptionsQueryOptions(networkId), enabled });
}
