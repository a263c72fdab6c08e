import { api, PRICES_PANEL_LIMIT } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';
import { pollInterval } from '../../../lib/live/connection-store';

/** Product §6: the Market Prices panel polls every 30 s. */
export const PRICES_REFRESH_MS = 30_000;

/**
 * GET projects/pool/prices/?limit=50: the price and 24h change of the user's newest pools. The panel
 * polls on every page; a user with thousands of pools gets the newest 50 and a link to all of them.
 */
export function getPrices({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.prices, { query: { limit: PRICES_PANEL_LIMIT } }, { signal });
}

export const pricesQueryOptions = queryOptions({
  queryKey: [...poolsRootKey, 'prices'] as const,
  queryFn: ({ signal }) => getPrices({ signal }),
  // While the live stream is open, each swap refetches the panel; the poll only backs it up.
  refetchInterval: pollInterval(PRICES_REFRESH_MS),
  staleTime: PRICES_REFRESH_MS,
});

export function usePrices() {
  return useQuery(pricesQueryOptions);
}
