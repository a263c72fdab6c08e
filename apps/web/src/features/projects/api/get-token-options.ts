import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { networksRootKey } from '../../../lib/query-keys';

/** GET projects/network/{id}/token-options/: the common pair tokens of a network (wrapped native, USDC, USDT). */
export function getTokenOptions(networkId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.networks.tokenOptions, { params: { id: networkId } }, { signal });
}

export function tokenOptionsQueryOptions(networkId: number) {
  return queryOptions({
    queryKey: [...networksRootKey, networkId, 'token-options'] as const,
    queryFn: ({ signal }) => getTokenOptions(networkId, { signal }),
    staleTime: Infinity,
  });
}

export function useTokenOptions(networkId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tokenOptionsQueryOptions(networkId), enabled });
}
