import { priceListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

/** SPEC §6: the Market Prices panel polls every 30 s. */
export const PRICES_REFRESH_MS = 30_000;

/** GET projects/pool/prices/: the price and 24h change of each of the user's pools. */
export function getPrices({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/pool/prices/', { schema: priceListSchema, signal });
}

export const pricesQueryOptions = queryOptions({
  queryKey: [...poolsRootKey, 'prices'] as const,
  queryFn: ({ signal }) => getPrices({ signal }),
  refetchInterval: PRICES_REFRESH_MS,
  staleTime: PRICES_REFRESH_MS,
});

export function usePrices() {
  return useQuery(pricesQueryOptions);
}
