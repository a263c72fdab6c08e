import { api } from '@tokendesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** Rows per page of the delivery log: the last day of a busy alert fits, paging goes further back. */
export const DELIVERY_PAGE_SIZE = 20;

/** GET account/channels/{id}/deliveries/?cursor=&limit=: newest first. */
export function getDeliveries(
  channelId: number,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(
    api.channels.deliveries,
    { params: { id: channelId }, query: { cursor, limit: String(DELIVERY_PAGE_SIZE) } },
    { signal },
  );
}

export function deliveriesQueryOptions(channelId: number) {
  return infiniteQueryOptions({
    queryKey: [...channelsRootKey, 'deliveries', channelId] as const,
    queryFn: ({ pageParam, signal }) => getDeliveries(channelId, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // Retries move on by themselves.
    refetchInterval: 30_000,
  });
}

export function useDeliveries(channelId: number) {
  return useInfiniteQuery(deliveriesQueryOptions(channelId));
}
